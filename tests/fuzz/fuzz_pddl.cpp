// Fuzz target: the PDDL front end (domain + problem). The input is the
// domain text, a NUL byte, then the problem text. A task that parses is
// then exercised (successors, relaxed exploration, validator) under a budget.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/common/error.hpp"
#include "core/pddl/parser.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t split = input.find('\0');
    const std::string_view domain = input.substr(0, split);
    const std::string_view problem =
        split == std::string_view::npos ? std::string_view() : input.substr(split + 1);
    try {
        const ll::Task task = ll::parse_task(domain, problem, "domain.pddl", "problem.pddl");
        for (const ll::Warning& w : task.warnings)
            LL_FUZZ_CHECK(!w.message.empty());
        ll::fuzz::exercise_task(task);
    } catch (const ll::Error& e) {
        LL_FUZZ_CHECK(e.category() != ll::ErrorCategory::Internal);
    } catch (const ll::LimitReached&) {
    }
    return 0;
}
