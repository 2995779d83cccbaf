// Fuzz target: the model loader (core/learning/model.*). Properties: a model
// that loads saves without an internal error and round-trips byte for byte;
// evaluated on a blocksworld task (its fingerprint forced to match, so that
// any dictionary and weights reach the heuristic) it gives a finite value
// for every partial action (never a false dead end).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/common/error.hpp"
#include "core/learning/model.hpp"
#include "core/learning/wl_heuristic.hpp"
#include "core/pddl/parser.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

struct Blocksworld {
    ll::Task task = ll::parse_task(ll::fuzz::data_file("tasks/blocksworld/domain.pddl"),
                                   ll::fuzz::data_file("tasks/blocksworld/p01.pddl"));
    ll::StateLayout layout{task};
    ll::StaticFacts statics{task};
    ll::SuccessorGenerator successors{task, layout, statics};
};

Blocksworld& blocksworld() {
    static Blocksworld b;
    return b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ll::WlModel model;
    try {
        model = ll::load_model(text, "model.json");
    } catch (const ll::Error& e) {
        LL_FUZZ_CHECK(e.category() == ll::ErrorCategory::Model);
        return 0;
    }
    // Round trip: what loads, saves; and saving is a fixed point.
    std::string saved;
    try {
        saved = ll::save_model(model);
    } catch (const ll::Error& e) {
        std::fprintf(stderr, "save_model failed on a loaded model: %s\n", e.what());
        LL_FUZZ_CHECK(false);
    }
    LL_FUZZ_CHECK(ll::save_model(ll::load_model(saved, "saved.json")) == saved);

    Blocksworld& b = blocksworld();
    model.domain_fingerprint = ll::domain_fingerprint(b.task);
    ll::Stopwatch clock;
    ll::Budget budget(&clock, ll::fuzz::kStepSeconds, std::numeric_limits<double>::infinity());
    b.successors.set_budget(&budget);
    try {
        ll::WlHeuristic h(model, b.task, b.layout, b.statics, b.successors);
        h.set_budget(&budget);
        const ll::State s0 = ll::initial_state(b.task, b.layout);
        const double none = h.evaluate(s0);
        LL_FUZZ_CHECK(std::isfinite(none));
        for (ll::SchemaId s = 0; s < b.task.num_schemas(); ++s) {
            const double value = h.evaluate(s0, ll::PartialAction{s, {}});
            LL_FUZZ_CHECK(std::isfinite(value));
        }
    } catch (const ll::Error& e) {
        // A graph kind that refuses the task (too many unary statics) is fine.
        LL_FUZZ_CHECK(e.category() == ll::ErrorCategory::Model ||
                      e.category() == ll::ErrorCategory::Unsupported);
    } catch (const ll::LimitReached&) {
    }
    b.successors.set_budget(nullptr);
    return 0;
}
