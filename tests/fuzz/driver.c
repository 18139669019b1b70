/* driver.c - a fuzz target without libFuzzer: runs the target's
 * LLVMFuzzerTestOneInput on every file named on the command line, and on
 * every regular file of a directory named there (in name order), each as
 * one input of exactly its size.  The normal test suite runs each target on
 * its regression inputs, tests/fuzz/regress/TARGET/ (every crash a fuzzer
 * found, and seeds): a target that crashes or aborts on an input kills the
 * process, so the test fails; under ASan and UBSan (build-san) a memory
 * error or undefined behaviour fails it too.  Prints each input before
 * running it (the one a crash names is the last printed), then
 * "NAME: N inputs"; exit 0, or 2 on a path it cannot read or no input. */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int regular(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* one input, in a buffer of exactly its size (ASan sees a read past it):
 * 0, or -1 after a message */
static int run_file(const char *path)
{
    struct stat st;
    FILE *f = fopen(path, "rb");
    if (!f || fstat(fileno(f), &st) != 0) {
        fprintf(stderr, "fuzz driver: cannot open '%s': %s\n", path, strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    const size_t n = (size_t)st.st_size;
    uint8_t *data = malloc(n ? n : 1);
    const int ok = data && fread(data, 1, n, f) == n;
    fclose(f);
    if (!ok) {
        fprintf(stderr, "fuzz driver: cannot read '%s'\n", path);
        free(data);
        return -1;
    }
    printf("%s (%zu bytes)\n", path, n);
    fflush(stdout);
    LLVMFuzzerTestOneInput(data, n);
    free(data);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned long inputs = 0;
    for (int i = 1; i < argc; i++) {
        if (regular(argv[i])) {
            if (run_file(argv[i]) != 0)
                return 2;
            inputs++;
            continue;
        }
        struct dirent **names;
        const int k = scandir(argv[i], &names, NULL, alphasort);
        if (k < 0) {
            fprintf(stderr, "fuzz driver: cannot read '%s': %s\n", argv[i], strerror(errno));
            return 2;
        }
        int rc = 0;
        for (int e = 0; e < k; e++) {
            char path[4096];
            if (rc == 0 && names[e]->d_name[0] != '.' &&
                (size_t)snprintf(path, sizeof path, "%s/%s", argv[i], names[e]->d_name) < sizeof path &&
                regular(path)) {
                rc = run_file(path);
                inputs += rc == 0;
            }
            free(names[e]);
        }
        free(names);
        if (rc != 0)
            return 2;
    }
    const char *name = strrchr(argv[0], '/');
    printf("%s: %lu inputs\n", name ? name + 1 : argv[0], inputs);
    if (inputs == 0) {
        fprintf(stderr, "fuzz driver: no input (usage: %s FILE|DIR...)\n", argv[0]);
        return 2;
    }
    return 0;
}
