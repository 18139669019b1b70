"""slurm.py - the Slurm backend of scripts/regress (--slurm).

The jobs are cut into chunks of --chunk jobs; one sbatch job array runs one
array task per chunk.  Each task runs `scripts/regress --slurm-worker PLAN`,
which runs its chunk's jobs one after the other exactly as a local run does
(OUT/JOB/ with log, program, dump, waves, result.json), skipping jobs that
already have a result, and writes a completion marker last.  The submitter
polls squeue (sacct, when the site has accounting, for tasks that squeue
has forgotten), shows the same progress line as a local run as result files
appear, and when the array has left the queue, looks at every task: one
without its marker died (killed, node failure, time limit, ...): it is
reported with its Slurm state and submitted once more; if it dies again,
its jobs without a result are 'died', never passed.  Everything the
submitter writes under OUT/.slurm/RUN/ is written atomically."""
import os
import shlex
import subprocess
import sys
import time

from .files import write_atomic, write_json, read_json, read_result

ACTIVE = {"PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "REQUEUED", "RESIZING",
          "SIGNALING", "STAGE_OUT", "REQUEUE_HOLD", "REQUEUE_FED", "RESV_DEL_HOLD", "STOPPED"}
SQUEUE_TRIES = 10           # consecutive squeue failures before the wait gives up


class SlurmError(Exception):
    """a command of Slurm failed: the message is one line"""


def _run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        raise SlurmError(f"'{cmd[0]}' not found (is this a Slurm submit host? docs/regression.md)")
    except subprocess.TimeoutExpired:
        raise SlurmError(f"'{cmd[0]}' gave no answer within 120 s")
    if p.returncode != 0:
        lines = (p.stderr or p.stdout).strip().splitlines()
        raise SlurmError(f"{cmd[0]} exited {p.returncode}: {lines[-1] if lines else '(no message)'}")
    return p.stdout


def chunks(names, size):
    return [names[i:i + size] for i in range(0, len(names), size)]


def submit(run_dir, rnd, tasks, regress, a):
    """one job array over the task indices `tasks`; returns its job id"""
    script = os.path.join(run_dir, f"task-{rnd}.sh")
    write_atomic(script, "#!/bin/sh\n# a scripts/regress array task (docs/regression.md)\n"
                 f"exec {shlex.quote(regress)} --slurm-worker "
                 f"{shlex.quote(os.path.join(run_dir, 'plan.json'))} --slurm-round {rnd}\n")
    os.chmod(script, 0o755)
    cmd = ["sbatch", "--parsable", f"--array={','.join(str(t) for t in tasks)}",
           f"--job-name=warpref-regress", f"--output={os.path.join(run_dir, f'task-{rnd}-%a.out')}",
           f"--chdir={run_dir}"]
    if a.partition:
        cmd.append(f"--partition={a.partition}")
    cmd += a.slurm_opts_list + [script]
    out = _run(cmd).strip()
    jid = out.split(";")[0].strip()
    if not jid.isdigit():
        raise SlurmError(f"sbatch answered '{out}', not a job id")
    return jid


def states(jid):
    """({task: state} of the array's tasks that squeue lists one by one, [the
    states of every line]: a pending range such as '2-3' is one line)"""
    out = _run(["squeue", "-h", "-j", jid, "--states=all", "-o", "%K|%T"])
    st, every = {}, []
    for line in out.splitlines():
        task, _, state = line.strip().partition("|")
        state = state.strip()
        every.append(state)
        if task.isdigit():
            st[int(task)] = state
    return st, every


def sacct_states(jid):
    """{task: state} from accounting, {} where the site has none"""
    try:
        out = _run(["sacct", "-n", "-P", "-X", "-j", jid, "--format=JobID,State"])
    except SlurmError:
        return {}
    st = {}
    for line in out.splitlines():
        job, _, state = line.partition("|")
        _, _, task = job.partition("_")
        if task.isdigit():
            st[int(task)] = state.split()[0] if state else "UNKNOWN"
    return st


def wait(jid, tasks, result_paths, progress, poll, log):
    """poll until no task of the array is pending or running; returns the last
    state seen of each task"""
    last = {}
    fails = 0
    seen = set()
    while True:
        try:
            st, every = states(jid)
            fails = 0
        except SlurmError as e:
            fails += 1
            if fails >= SQUEUE_TRIES:
                log(f"slurm: squeue failed {fails} times in a row ({e}); not waiting for job {jid} any longer")
                break
            st = None
        for name, path in result_paths.items():
            if name not in seen and os.path.exists(path):
                r = read_result(path)
                if r is not None:
                    seen.add(name)
                    progress.step(r.get("status") != "pass")
        if st is not None:
            last.update(st)
            if not any(s in ACTIVE for s in every):
                break
        time.sleep(poll)
    missing = [t for t in tasks if last.get(t) in (None,) or last[t] in ACTIVE]
    if missing:
        acct = sacct_states(jid)
        for t in missing:
            last[t] = acct.get(t, last.get(t) or "UNKNOWN")
    return last


def run(jobs, a, out, progress, regress, worker_opts, log):
    """run `jobs` (each .name, .seed, .bug) as job arrays; sets .result of the
    jobs whose task died twice to a 'died' result; the others' results are
    their files"""
    run_dir = os.path.join(out, ".slurm", time.strftime("%Y%m%d-%H%M%S") + f"-{os.getpid()}")
    os.makedirs(run_dir)
    plan_chunks = chunks([[j.name, j.seed, j.bug] for j in jobs], a.chunk)
    write_json(os.path.join(run_dir, "plan.json"), {"options": worker_opts, "out": out, "chunks": plan_chunks})
    by_name = {j.name: j for j in jobs}
    result_paths = {j.name: os.path.join(out, j.name, "result.json") for j in jobs}
    tasks = list(range(len(plan_chunks)))
    history = {}                           # task -> states of its rounds
    for rnd in (1, 2):
        jid = submit(run_dir, rnd, tasks, regress, a)
        log(f"slurm: submitted job array {jid} ({len(tasks)} task{'s' if len(tasks) != 1 else ''} of up to "
            f"{a.chunk} jobs{', round 2' if rnd == 2 else ''})")
        pending = {n: p for n, p in result_paths.items() if not os.path.exists(p)}
        final = wait(jid, tasks, pending, progress, a.poll, log)
        died = []
        for t in tasks:
            marker = read_json(os.path.join(run_dir, f"done-{rnd}-{t}.json"))
            state = final.get(t, "UNKNOWN")
            history.setdefault(t, []).append(f"{state} (job {jid}_{t})")
            if marker is None:            # killed, node failure, time limit, ...
                died.append(t)
        for t in died:
            names = [c[0] for c in plan_chunks[t]]
            state = final.get(t, "UNKNOWN")
            why = ("ended " + state + " without finishing" if state != "COMPLETED"
                   else "ended COMPLETED without its completion marker (is OUT on a file system the nodes share?)")
            log(f"slurm: task {t} of job {jid} ({names[0]}..{names[-1]}) {why}"
                + ("; submitting it once more" if rnd == 1 else "; not again"))
        if not died:
            return
        tasks = died
    for t in tasks:
        for name, _, _ in plan_chunks[t]:
            if read_result(result_paths[name]) is None:
                by_name[name].result = {"status": "died",
                                        "why": f"its Slurm task {t} died twice: " + ", then ".join(history[t])}


def worker(plan_path, rnd, run_one):
    """the body of one array task: its chunk's jobs (run_one(seed, bug,
    options, out) -> status), then the marker"""
    plan = read_json(plan_path)
    if not isinstance(plan, dict):
        print(f"regress: --slurm-worker: cannot read the plan '{plan_path}'", file=sys.stderr)
        return 2
    task = os.environ.get("SLURM_ARRAY_TASK_ID", "")
    if not task.isdigit() or int(task) >= len(plan["chunks"]):
        print(f"regress: --slurm-worker: SLURM_ARRAY_TASK_ID '{task}' is not a task of the plan", file=sys.stderr)
        return 2
    t = int(task)
    done = []
    for name, seed, bug in plan["chunks"][t]:
        status = run_one(seed, bug, plan["options"], plan["out"])
        done.append([name, status])
        print(f"{name} {status}", flush=True)
    write_json(os.path.join(os.path.dirname(plan_path), f"done-{rnd}-{t}.json"),
               {"task": t, "round": rnd, "host": os.uname().nodename, "jobs": done})
    return 0
