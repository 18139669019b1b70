// sm_frontend.cpp - an example initiator of warpref_tlm_target: a small SM
// front end that fetches a program, keeps its own register file and drives
// the target one warp instruction at a time, in the order of the model's
// standalone scheduler (SPEC-NOTES N-50), writing the canonical trace.
//
//   sm_frontend PROG.s [--threads N] [--max-steps N] [--dump-regs N]
//               [--trace FILE|-] [--trace-operands] [--latency-ns N]
//
// The front end is the library's standalone runner (warpref/run.h: the
// scheduler, fetch, the register file, the trace writer, livelock detection)
// with its step hook: every instruction becomes a b_transport to the target
// (driven operands: the values the front end's register file holds), and the
// effect in the extension is what the runner writes back and traces.  The
// runner keeps a copy of the CTA state, which its scheduler reads and its
// livelock detection (N-55) snapshots and re-runs from launch: the hook reads
// the target's state back after every step through the DMI pointer, and when
// the runner's copy has moved on without the target (a sleep deadline fired,
// a re-run from launch), writes it into the target through transport_dbg.
// The trace, summary and exit status are those of `warpref run`
// (docs/systemc.md); the time the transactions took is the annotated
// latency per instruction, kept by a quantum keeper.
#include <cerrno>
#include <cinttypes>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include "warpref_tlm.h"

namespace {

const char *const k_tool = "sm_frontend";

// the part of the CTA the target and the runner keep equal (after the launch configuration)
constexpr size_t k_state_off = offsetof(wr_cta, bar);
constexpr size_t k_state_len = sizeof(wr_cta) - k_state_off;
constexpr size_t k_now_off = offsetof(wr_cta, now);
constexpr size_t k_after_now = k_now_off + sizeof(uint64_t);

struct options {
    const char *program = nullptr;
    const char *trace = nullptr;
    uint64_t threads = 0, max_steps = 0, dump_regs = 0, latency_ns = 1;
    bool trace_operands = false;
};

class sm_frontend : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<sm_frontend> socket;

    SC_HAS_PROCESS(sm_frontend);
    sm_frontend(sc_core::sc_module_name name, const wr_program &prog, const wr_run_opts &opts)
        : sc_core::sc_module(name), socket("socket"), prog_(prog), opts_(opts)
    {
        SC_THREAD(run);
        set_stack_size(16 << 20);        // the runner's snapshots live on its stack
        tx_.set_extension(&ext_);
    }
    ~sm_frontend() override { tx_.clear_extension(&ext_); }

    wr_run_result result{};
    int rc = -1;
    uint64_t transactions = 0, syncs = 0;
    std::string error;

private:
    void run()
    {
        // the DMI pointer to the target's CTA (read only), else debug reads
        tlm::tlm_generic_payload q;
        tlm::tlm_dmi dmi;
        q.set_command(tlm::TLM_READ_COMMAND);
        q.set_address(WR_TLM_DBG_RAW);
        if (socket->get_direct_mem_ptr(q, dmi) && dmi.is_read_allowed() &&
            dmi.get_end_address() - dmi.get_start_address() + 1 >= sizeof(wr_cta))
            image_ = dmi.get_dmi_ptr() + (WR_TLM_DBG_RAW - dmi.get_start_address());
        qk_.reset();
        opts_.step = &sm_frontend::step_hook;
        opts_.step_ctx = this;
        char err[256];
        wr_runner *r = wr_runner_new(&prog_, &opts_, err, sizeof err);
        if (!r) {
            error = err;
            return;
        }
        rc = wr_runner_run(r, &result);
        wr_runner_free(r);
        qk_.sync();
    }

    static int step_hook(void *ctx, wr_cta *cta, unsigned w, const wr_insn *insn, const wr_operands *ops,
                         wr_retire *rec)
    {
        return static_cast<sm_frontend *>(ctx)->step(cta, w, insn, ops, rec);
    }

    // the target's state part, through DMI or a debug read
    const unsigned char *target_state()
    {
        if (image_)
            return image_ + k_state_off;
        if (debug(tlm::TLM_READ_COMMAND, shadow_.state + k_state_off) != k_state_len)
            return nullptr;
        return shadow_.state + k_state_off;
    }

    unsigned debug(tlm::tlm_command cmd, unsigned char *p)
    {
        tlm::tlm_generic_payload d;
        d.set_command(cmd);
        d.set_address(WR_TLM_DBG_RAW + k_state_off);
        d.set_data_ptr(p);
        d.set_data_length(static_cast<unsigned>(k_state_len));
        return socket->transport_dbg(d);
    }

    int fail(wr_cta *cta, const char *what)
    {
        cta->err = WR_ERR_CALL;
        snprintf(cta->errmsg, sizeof cta->errmsg, "%s", what);
        return -1;
    }

    int step(wr_cta *cta, unsigned w, const wr_insn *insn, const wr_operands *ops, wr_retire *rec)
    {
        unsigned char *mine = reinterpret_cast<unsigned char *>(cta);
        const unsigned char *theirs = target_state();
        if (!theirs)
            return fail(cta, "the target's state cannot be read");
        // the runner moved on without the target (`now` aside: the step carries
        // the time): give it the runner's state
        if (memcmp(mine + k_state_off, theirs, k_now_off - k_state_off) != 0 ||
            memcmp(mine + k_after_now, theirs + (k_after_now - k_state_off), sizeof(wr_cta) - k_after_now) != 0) {
            if (debug(tlm::TLM_WRITE_COMMAND, mine + k_state_off) != k_state_len)
                return fail(cta, "the target's state cannot be written");
            syncs++;
        }
        ext_.op = WR_TLM_STEP;
        ext_.warp = w;
        ext_.word = prog_.words[insn - prog_.insns];   // what the front end fetched
        ext_.ops = *ops;
        ext_.cycle = cta->now;
        tx_.set_command(tlm::TLM_WRITE_COMMAND);
        tx_.set_address(WR_TLM_ADDR_OP);
        tx_.set_data_ptr(nullptr);
        tx_.set_data_length(0);
        tx_.set_byte_enable_ptr(nullptr);
        tx_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time delay = qk_.get_local_time();
        socket->b_transport(tx_, delay);
        qk_.set(delay);
        if (qk_.need_sync())
            qk_.sync();
        transactions++;
        theirs = target_state();
        if (!theirs)
            return fail(cta, "the target's state cannot be read");
        memcpy(mine + k_state_off, theirs, k_state_len);    // errors included
        if (tx_.get_response_status() != tlm::TLM_OK_RESPONSE) {
            if (ext_.status != WR_TLM_ST_MODEL_ERROR) {
                char m[100];
                snprintf(m, sizeof m, "the target answered %s", wr_tlm_status_name(ext_.status));
                return fail(cta, m);
            }
            return -1;
        }
        wr_retire_copy(rec, &ext_.effect);   // (the writes it holds, not the record's room)
        return 0;
    }

    const wr_program &prog_;
    wr_run_opts opts_;
    tlm::tlm_generic_payload tx_;
    warpref_tlm_extension ext_;
    tlm_utils::tlm_quantumkeeper qk_;
    const unsigned char *image_ = nullptr;
    struct {
        unsigned char state[sizeof(wr_cta)];
    } shadow_{};
};

int usage(const std::string &what)
{
    fprintf(stderr, "%s: %s (usage: %s PROG.s [--threads N] [--max-steps N] [--dump-regs N] [--trace FILE|-] "
                    "[--trace-operands] [--latency-ns N])\n", k_tool, what.c_str(), k_tool);
    return WR_EXIT_USAGE;
}

int parse(int argc, char **argv, options *o)
{
    struct num {
        const char *name;
        uint64_t lo, hi, *v;
    } nums[] = {
        { "--threads", 1, WR_MAX_THREADS, &o->threads },
        { "--max-steps", 1, WR_MAX_STEPS_LIMIT, &o->max_steps },
        { "--dump-regs", 0, WR_RZ, &o->dump_regs },
        { "--latency-ns", 0, 1000000, &o->latency_ns },
    };
    std::set<std::string> seen;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1] && !seen.insert(a).second)
            return usage(std::string(a) + " given more than once");
        if (strcmp(a, "--trace-operands") == 0) {
            o->trace_operands = true;
            continue;
        }
        if (strcmp(a, "--trace") == 0) {
            if (i + 1 >= argc || !*argv[i + 1])
                return usage(std::string(a) + " needs a file name or -");
            o->trace = argv[++i];
            continue;
        }
        bool known = false;
        for (num &n : nums) {
            if (strcmp(a, n.name) != 0)
                continue;
            known = true;
            char msg[160];
            if (i + 1 >= argc)
                return usage(std::string(a) + " needs a number");
            if (wr_num_parse(argv[++i], n.lo, n.hi, n.v, msg, sizeof msg) != WR_NUM_OK)
                return usage(std::string(a) + ": " + msg);
        }
        if (known)
            continue;
        if (a[0] == '-' && a[1])
            return usage("unknown option '" + std::string(a) + "'");
        if (o->program)
            return usage("one program only, got a second: '" + std::string(a) + "'");
        o->program = a;
    }
    if (!o->program)
        return usage("missing the program file");
    return 0;
}

}  // namespace

// SystemC's main without its banner: standard output may be the trace
int main(int argc, char **argv)
{
    setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 1);
    return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char **argv)
{
    options o;
    if (int rc = parse(argc, argv, &o))
        return rc;
    wr_program prog;
    char err[512];
    if (wr_assemble_file(o.program, &prog, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return WR_EXIT_USAGE;
    }
    FILE *trace = nullptr;
    const bool to_stdout = o.trace && strcmp(o.trace, "-") == 0;
    // a file: through the library's one output helper (warpref/outfile.h): a
    // regular file replaced whole when the run ends well, a device in place
    static wr_outfile out;
    if (o.trace && !to_stdout) {
        if (wr_outfile_open(&out, o.trace, 1, err, sizeof err) != 0) {
            fprintf(stderr, "%s: cannot write the trace to '%s': %s\n", k_tool, o.trace, strerror(errno));
            wr_program_free(&prog);
            return WR_EXIT_USAGE;
        }
        trace = out.f;
    } else if (to_stdout) {
        trace = stdout;
    }

    wr_run_opts ro = {};
    ro.threads = static_cast<unsigned>(o.threads);
    ro.max_steps = o.max_steps;
    ro.dump_regs = static_cast<unsigned>(o.dump_regs);
    ro.trace_operands = o.trace_operands;
    ro.trace = trace;
    wr_config cfg;
    wr_config_init(&cfg, o.threads ? static_cast<unsigned>(o.threads) : prog.threads ? prog.threads : 32);
    cfg.operand_mode = WR_OPERANDS_DRIVEN;     // the front end's register file gives the values

    tlm::tlm_global_quantum::instance().set(sc_core::sc_time(1, sc_core::SC_US));
    warpref_tlm_target unit("unit", cfg);
    unit.set_latency(sc_core::sc_time(static_cast<double>(o.latency_ns), sc_core::SC_NS));
    sm_frontend fe("fe", prog, ro);
    fe.socket.bind(unit.socket);
    if (unit.last_error()[0]) {
        fprintf(stderr, "%s: %s\n", k_tool, unit.last_error());
        wr_program_free(&prog);
        return WR_EXIT_USAGE;
    }
    sc_core::sc_start();

    int status = fe.result.exit_status;
    if (!fe.error.empty()) {
        fprintf(stderr, "%s: %s\n", k_tool, fe.error.c_str());
        status = WR_EXIT_USAGE;
    } else if (fe.rc != 0) {
        fprintf(stderr, "%s: cannot write the trace: %s\n", k_tool,
                fe.result.trace_errno ? strerror(fe.result.trace_errno) : "out of memory");
        status = WR_EXIT_USAGE;
    }
    if (trace && !to_stdout) {
        if (status == WR_EXIT_USAGE) {
            wr_outfile_abort(&out);                 // the trace file keeps what it held
        } else if (wr_outfile_close(&out, err, sizeof err) != 0) {
            fprintf(stderr, "%s: cannot write the trace to '%s': %s\n", k_tool, o.trace, strerror(errno));
            status = WR_EXIT_USAGE;
        }
    }
    if (to_stdout && fflush(stdout) != 0)
        status = WR_EXIT_USAGE;
    if (status != WR_EXIT_USAGE) {
        const wr_run_result &r = fe.result;
        fprintf(stderr, "%s: %s: end %s at t=%" PRIu64 " after %" PRIu64 " instructions", k_tool, o.program,
                wr_end_name(r.end), r.t, r.steps);
        if (r.faulted_warp >= 0)
            fprintf(stderr, " (fetch fault: warp %d at pc 0x%" PRIx64 ", %s)", r.faulted_warp, r.fault_pc,
                    r.fault_what);
        if (r.end == WR_END_ERROR)
            fprintf(stderr, " (model error: %s)", r.error);
        fprintf(stderr, "; %" PRIu64 " transactions, %" PRIu64 " state loads, %s simulated\n", fe.transactions,
                fe.syncs, sc_core::sc_time_stamp().to_string().c_str());
    }
    wr_program_free(&prog);
    return status;
}
