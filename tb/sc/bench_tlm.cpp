// bench_tlm.cpp - the TLM-2.0 target's raw step rate against the bare
// wr_step rate (scripts/bench, docs/systemc.md).
//
//   bench_tlm [--steps N] [--seconds S] PROG.s...
//
// For each program: its standalone run (N-50) records its first N steps
// (default 4096): warp, instruction, operands read, issue time.  That
// window is then replayed from launch again and again for about S seconds
// (default 0.5) each way, best of three: through wr_step on a CTA of its own
// (the deadlines due fired before each step, as the target does), and
// through b_transport to a warpref_tlm_target in driven mode (the extension
// filled per step: warp, word, operands, time; the effect left in it).  The
// target's state is restored at the start of each pass through the debug
// path (a checkpoint).  Prints steps per second both ways and their ratio.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "warpref_tlm.h"

namespace {

struct step_rec {
    uint32_t warp;
    uint32_t index;                  // instruction index in the program
    uint64_t now;
    wr_operands ops;
};

struct recorder {
    const wr_program *prog;
    std::vector<step_rec> steps;
    size_t cap;
};

int record(void *ctx, wr_cta *cta, unsigned w, const wr_insn *insn, const wr_operands *ops, wr_retire *rec)
{
    recorder *r = static_cast<recorder *>(ctx);
    if (r->steps.size() < r->cap)
        r->steps.push_back(step_rec{ w, static_cast<uint32_t>(insn - r->prog->insns), cta->now, *ops });
    return wr_step(cta, w, insn, ops, rec);
}

struct initiator : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<initiator> socket{"socket"};
    explicit initiator(sc_core::sc_module_name n) : sc_core::sc_module(n) {}
};

double seconds_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char **argv)
{
    setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 1);
    return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char **argv)
{
    size_t cap = 4096;
    double budget = 0.5;
    std::vector<const char *> paths;
    for (int i = 1; i < argc; i++) {
        uint64_t v;
        if (strcmp(argv[i], "--steps") == 0 && i + 1 < argc &&
            wr_num_parse(argv[i + 1], 1, 10000000, &v, nullptr, 0) == WR_NUM_OK) {
            cap = v;
            i++;
        } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc &&
                   wr_num_parse(argv[i + 1], 1, 60, &v, nullptr, 0) == WR_NUM_OK) {
            budget = static_cast<double>(v);
            i++;
        } else if (argv[i][0] != '-') {
            paths.push_back(argv[i]);
        } else {
            fprintf(stderr, "bench_tlm: usage: bench_tlm [--steps N] [--seconds S] PROG.s...\n");
            return 2;
        }
    }
    wr_config cfg0;
    wr_config_init(&cfg0, 32);
    cfg0.operand_mode = WR_OPERANDS_DRIVEN;
    initiator ini("ini");
    warpref_tlm_target unit("unit", cfg0);
    ini.socket.bind(unit.socket);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);

    printf("%-12s %8s %14s %16s %7s\n", "program", "steps", "wr_step M/s", "b_transport M/s", "ratio");
    double sum_bare = 0, sum_tlm = 0;
    size_t sum_n = 0;
    for (const char *path : paths) {
        wr_program prog;
        char err[512];
        if (wr_assemble_file(path, &prog, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        recorder rec{ &prog, {}, cap };
        rec.steps.reserve(cap);
        wr_run_opts ro = {};
        ro.max_steps = cap;
        ro.step = record;
        ro.step_ctx = &rec;
        wr_runner *r = wr_runner_new(&prog, &ro, err, sizeof err);
        wr_run_result res;
        if (!r || wr_runner_run(r, &res) != 0) {
            fprintf(stderr, "bench_tlm: %s: %s\n", path, r ? "the run failed" : err);
            return 1;
        }
        wr_runner_free(r);
        const size_t n = rec.steps.size();
        wr_config cfg;
        wr_config_init(&cfg, prog.threads ? prog.threads : 32);
        cfg.operand_mode = WR_OPERANDS_DRIVEN;
        cfg.checks = WR_CHECKS_OFF;
        cfg.record_state = 1;                 // as the target's effect
        static wr_cta launch, cta;
        static wr_retire out;
        wr_cta_init(&launch, &cfg);

        // bare: wr_step on the recorded window, from launch, again and again
        double best_bare = 1e30;
        for (int k = 0; k < 3; k++) {
            size_t steps = 0;
            const auto t0 = std::chrono::steady_clock::now();
            do {
                cta = launch;
                for (const step_rec &s : rec.steps) {
                    cta.now = s.now;
                    wr_fire_deadlines(&cta);
                    if (wr_step(&cta, s.warp, &prog.insns[s.index], &s.ops, &out) != 0) {
                        fprintf(stderr, "bench_tlm: %s: wr_step refused a recorded step\n", path);
                        return 1;
                    }
                }
                steps += n;
            } while (seconds_since(t0) < budget / 3);
            const double dt = seconds_since(t0) / static_cast<double>(steps);
            best_bare = dt < best_bare ? dt : best_bare;
        }

        // the same through the target
        if (unit.launch(cfg) != 0) {
            fprintf(stderr, "bench_tlm: %s\n", unit.last_error());
            return 1;
        }
        static unsigned char image[sizeof(wr_cta)];
        const size_t off = offsetof(wr_cta, bar);
        tlm::tlm_generic_payload d;
        d.set_command(tlm::TLM_READ_COMMAND);
        d.set_address(WR_TLM_DBG_RAW);
        d.set_data_ptr(image);
        d.set_data_length(sizeof image);
        ini.socket->transport_dbg(d);        // the launch state: the checkpoint of every pass
        d.set_command(tlm::TLM_WRITE_COMMAND);
        d.set_address(WR_TLM_DBG_RAW + off);
        d.set_data_ptr(image + off);
        d.set_data_length(static_cast<unsigned>(sizeof image - off));
        static warpref_tlm_extension x;
        tlm::tlm_generic_payload tx;
        tx.set_extension(&x);
        tx.set_command(tlm::TLM_WRITE_COMMAND);
        tx.set_address(WR_TLM_ADDR_OP);
        x.op = WR_TLM_STEP;
        double best_tlm = 1e30;
        for (int k = 0; k < 3; k++) {
            size_t steps = 0;
            const auto t0 = std::chrono::steady_clock::now();
            do {
                ini.socket->transport_dbg(d);
                for (const step_rec &s : rec.steps) {
                    x.warp = s.warp;
                    x.word = prog.words[s.index];
                    x.ops = s.ops;
                    x.cycle = s.now;
                    tx.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
                    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
                    ini.socket->b_transport(tx, delay);
                    if (!tx.is_response_ok()) {
                        fprintf(stderr, "bench_tlm: %s: the target refused a recorded step: %s %s\n", path,
                                wr_tlm_status_name(x.status), x.message);
                        return 1;
                    }
                }
                steps += n;
            } while (seconds_since(t0) < budget / 3);
            const double dt = seconds_since(t0) / static_cast<double>(steps);
            best_tlm = dt < best_tlm ? dt : best_tlm;
        }
        tx.clear_extension(&x);
        const char *base = strrchr(path, '/');
        printf("%-12s %8zu %14.2f %16.2f %7.2f\n", base ? base + 1 : path, n, 1e-6 / best_bare, 1e-6 / best_tlm,
               best_bare / best_tlm);
        sum_bare += best_bare * static_cast<double>(n);
        sum_tlm += best_tlm * static_cast<double>(n);
        sum_n += n;
        wr_program_free(&prog);
    }
    if (sum_n)
        printf("%-12s %8zu %14.2f %16.2f %7.2f\n", "mix", sum_n, static_cast<double>(sum_n) / sum_bare * 1e-6,
               static_cast<double>(sum_n) / sum_tlm * 1e-6, sum_bare / sum_tlm);
    return 0;
}
