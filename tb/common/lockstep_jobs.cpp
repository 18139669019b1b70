// lockstep_jobs.cpp - the job list of +jobs=FILE (lockstep_jobs.h,
// docs/lockstep.md).
#include "lockstep_jobs.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

bool g_in_jobs = false;

const char k_jobs[] = "+jobs=";

bool is_jobs(const char *a) { return strncmp(a, k_jobs, sizeof k_jobs - 1) == 0; }

// A line's words, as sh splits them: blanks separate words; '...' is taken
// as it is, "..." with \" and \\ escaped, \c outside quotes is c (what a
// driver's shell quoting of a path writes).  Returns 0, or the 1-based column
// of an unterminated quote.
size_t split_words(const std::string &line, std::vector<std::string> &words)
{
    size_t i = 0;
    const size_t n = line.size();
    while (i < n) {
        while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            i++;
        if (i >= n)
            break;
        std::string w;
        while (i < n && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
            const char c = line[i];
            if (c == '\'') {
                const size_t end = line.find('\'', i + 1);
                if (end == std::string::npos)
                    return i + 1;
                w.append(line, i + 1, end - i - 1);
                i = end + 1;
            } else if (c == '"') {
                const size_t start = i++;
                for (;;) {
                    if (i >= n)
                        return start + 1;
                    if (line[i] == '"')
                        break;
                    if (line[i] == '\\' && i + 1 < n && (line[i + 1] == '"' || line[i + 1] == '\\'))
                        i++;
                    w += line[i++];
                }
                i++;
            } else if (c == '\\' && i + 1 < n) {
                w += line[i + 1];
                i += 2;
            } else {
                w += c;
                i++;
            }
        }
        words.push_back(w);
    }
    return 0;
}

}  // namespace

bool lockstep_in_jobs() { return g_in_jobs; }

bool lockstep_jobs_given(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (is_jobs(argv[i]))
            return true;
    return false;
}

int lockstep_jobs(int argc, char **argv, const char *tool, lockstep_run_fn run)
{
    const char *list = nullptr;
    std::vector<std::string> common;          // the command line's other arguments
    for (int i = 1; i < argc; i++) {
        if (!is_jobs(argv[i])) {
            common.push_back(argv[i]);
            continue;
        }
        if (list) {
            printf("%s: +jobs= given twice: one job list a run\n", tool);
            return 2;
        }
        list = argv[i] + sizeof k_jobs - 1;
    }
    if (!list || !*list) {
        printf("%s: +jobs=: empty file name\n", tool);
        return 2;
    }
    const bool in = strcmp(list, "-") == 0;
    struct stat st;
    FILE *f = in ? stdin : fopen(list, "r");
    if (f && !in && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = nullptr;
        errno = EISDIR;
    }
    if (!f) {
        printf("%s: +jobs=%s: cannot read: %s\n", tool, list, strerror(errno));
        return 2;
    }
    const char *name = in ? "(standard input)" : list;
    int worst = 0;
    unsigned long njobs = 0, npass = 0, nfail = 0, nrefused = 0, lineno = 0;
    char *buf = nullptr;
    size_t cap = 0;
    ssize_t len;
    fflush(stdout);
    while ((len = getline(&buf, &cap, f)) >= 0) {
        lineno++;
        std::string line(buf, static_cast<size_t>(len));
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
            line.pop_back();
        const size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#')
            continue;                          // blank lines and comments
        njobs++;
        std::vector<std::string> words;
        int rc;
        const size_t col = split_words(line, words);
        bool nested = false;
        for (const std::string &w : words)
            nested = nested || is_jobs(w.c_str());
        if (col) {
            printf("%s: %s:%lu:%zu: unterminated quote\n", tool, name, lineno, col);
            rc = 2;
        } else if (nested) {
            printf("%s: %s:%lu:%zu: +jobs= inside a job\n", tool, name, lineno, line.find(k_jobs) + 1);
            rc = 2;
        } else {
            // argv of the run: the tool, the job's plusargs, the command line's
            std::vector<char *> av;
            av.push_back(argv[0]);
            for (std::string &w : words)
                av.push_back(&w[0]);
            for (std::string &w : common)
                av.push_back(&w[0]);
            av.push_back(nullptr);
            fflush(stdout);
            g_in_jobs = true;
            rc = run(static_cast<int>(av.size() - 1), av.data());
            g_in_jobs = false;
        }
        if (rc == 0)
            npass++;
        else if (rc == 1)
            nfail++;
        else
            nrefused++;
        if (rc > worst)
            worst = rc > 2 ? 2 : rc;
        printf("%s: job %lu (%s:%lu): exit %d\n", tool, njobs, name, lineno, rc);
        fflush(stdout);
    }
    const bool read_error = ferror(f) != 0;
    const int err = errno;
    free(buf);
    if (!in)
        fclose(f);
    if (read_error) {
        printf("%s: +jobs=%s: read error after line %lu: %s\n", tool, list, lineno, strerror(err));
        worst = 2;
    }
    printf("%s: %lu jobs: %lu passed, %lu failed, %lu refused\n", tool, njobs, npass, nfail, nrefused);
    printf("%lu passed, %lu failed\n", npass, nfail + nrefused);
    fflush(stdout);
    return worst;
}
