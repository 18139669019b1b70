// consumer_tlm.cpp - an outside SystemC program built against the installed
// TLM-2.0 target (pkg-config warpref-tlm, scripts/test): one EXIT through
// b_transport (self-contained operands, the default), the effect says the
// warp exited.
#include <cstdio>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <warpref_tlm.h>

struct cpu : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<cpu> socket{"socket"};
    explicit cpu(sc_core::sc_module_name n) : sc_core::sc_module(n) {}
};

int sc_main(int, char **)
{
    wr_program prog;
    char err[256];
    if (wr_assemble("EXIT ;\n", "consumer.s", &prog, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    wr_config cfg;
    wr_config_init(&cfg, 32);
    warpref_tlm_target unit("unit", cfg);
    cpu c("cpu");
    c.socket.bind(unit.socket);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    warpref_tlm_extension x;
    x.word = prog.words[0];
    x.cycle = 0;
    tlm::tlm_generic_payload tx;
    tx.set_command(tlm::TLM_WRITE_COMMAND);
    tx.set_address(WR_TLM_ADDR_OP);
    tx.set_extension(&x);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    c.socket->b_transport(tx, delay);
    tx.clear_extension(&x);
    const bool ok = tx.is_response_ok() && x.effect.nev == 1 && x.effect.ev[0].kind == WR_EV_EXIT &&
                    unit.cta().warp[0].run == WR_WARP_EXITED;
    if (!ok)
        fprintf(stderr, "response %d, status %s, %u events, run %u; %s\n", tx.get_response_status(),
                wr_tlm_status_name(x.status), x.effect.nev, unit.cta().warp[0].run, unit.last_error());
    wr_program_free(&prog);
    printf("%s\n", ok ? "1 passed, 0 failed" : "0 passed, 1 failed");
    return ok ? 0 : 1;
}
