// Fuzz target: the plan parser and the validator. The first byte picks one
// of the project's test tasks, the rest is the plan text (IPC or
// Powerlifted lines).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/error.hpp"
#include "core/pddl/parser.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

std::vector<ll::Task>& tasks() {
    static std::vector<ll::Task> all = [] {
        std::vector<ll::Task> out;
        for (const char* t : {"blocksworld/p02", "constants-equality/p01", "ferry/p02",
                              "nullary/p01", "repeated-vars/p01", "gripper/p01"}) {
            const std::string name = t;
            const std::string folder = name.substr(0, name.find('/'));
            out.push_back(ll::parse_task(ll::fuzz::data_file("tasks/" + folder + "/domain.pddl"),
                                         ll::fuzz::data_file("tasks/" + name + ".pddl"),
                                         "domain.pddl", "problem.pddl"));
        }
        return out;
    }();
    return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const ll::Task& task = tasks()[data[0] % tasks().size()];
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        const std::vector<ll::GroundAction> plan = ll::parse_plan(task, text, "plan");
        const ll::ValidationResult result = ll::validate_plan(task, plan);
        LL_FUZZ_CHECK(result.valid || !result.message.empty());
    } catch (const ll::Error& e) {
        LL_FUZZ_CHECK(e.category() == ll::ErrorCategory::Input ||
                      e.category() == ll::ErrorCategory::Syntax);
        LL_FUZZ_CHECK(e.position().line > 0);
    }
    return 0;
}
