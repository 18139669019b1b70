// lockstep_jobs.h - many runs in one testbench process: +jobs=FILE
// (docs/lockstep.md, "Many runs in one process").
//
// Each line of the job list is the plusargs of one run; the command line's
// other plusargs follow every job's own (the first given wins, so a job's
// plusarg overrides the command line's).  The jobs run one after another,
// each as if the testbench had been started with its command line alone: a
// fresh checker, a fresh design out of reset, its own dump, result file,
// waves and summary line; after each, one line `TOOL: job N (FILE:LINE): exit
// S` (S the exit status the run would have had alone), flushed, so a driver reading
// standard output knows which jobs finished (a job that crashes the process
// is the first without its line).  FILE `-` is standard input, read a line
// at a time: a driver hands over the next job when the last one's line came.
#ifndef WARPREF_TB_LOCKSTEP_JOBS_H
#define WARPREF_TB_LOCKSTEP_JOBS_H

// One run of the testbench on a command line (argv[0] and its plusargs): the
// exit status it would have as a process.
typedef int (*lockstep_run_fn)(int argc, char **argv);

// Whether argv asks for a job list (+jobs=...).
bool lockstep_jobs_given(int argc, char **argv);

// Runs the job list of +jobs= with `run`; prints each job's line and, at the
// end, `TOOL: N jobs: ...` and `N passed, N failed`.  Returns the exit status:
// 0 every job passed, 1 one failed, 2 one was refused (a bad plusarg, a
// program that does not assemble, a malformed line) or the list cannot be read.
int lockstep_jobs(int argc, char **argv, const char *tool, lockstep_run_fn run);

// True while lockstep_jobs runs a job: its run prints no `N passed, N failed`
// line of its own (the list's last line counts the jobs).
bool lockstep_in_jobs();

#endif
