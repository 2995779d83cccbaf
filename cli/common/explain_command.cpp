// `lazylifted explain` (see header): options, files, text report.
#include "cli/common/explain_command.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include "cli/common/command.hpp"
#include "cli/common/diagnostics.hpp"
#include "cli/common/exit_codes.hpp"
#include "cli/common/files.hpp"
#include "core/common/error.hpp"
#include "core/explain.hpp"
#include "core/explain_json.hpp"
#include "core/heuristic_session.hpp"
#include "core/partial_tree.hpp"

namespace ll::cli {

namespace {

std::string number(double v, int digits = 6) {
    if (!std::isfinite(v)) return "dead end";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
    return buffer;
}

std::string signed_number(double v) {
    std::string text = number(v);
    if (v >= 0)
        text.insert(text.begin(), '+');  // not "+" + text: GCC 12's -Wrestrict false positive
    return text;
}

void print_wl(std::ostream& out, const WlExplanation& wl) {
    char line[128];
    out << "  h = round(sum of weight x count) = round(" << number(wl.raw_value, 17)
        << ") = " << number(wl.h) << "  (no bias; rounded half away from zero)\n";
    std::snprintf(line, sizeof line, "  %13s %12s %7s %4s  %s\n", "contribution", "weight", "count",
                  "iter", "feature");
    out << line;
    for (const WlTerm& t : wl.top()) {
        std::snprintf(line, sizeof line, "  %13s %12s %7s %4d  ",
                      signed_number(t.contribution).c_str(), number(t.weight).c_str(),
                      number(t.count).c_str(), t.iteration);
        out << line << t.text << "\n";
    }
    if (wl.rest_count() > 0) {
        out << "  " << signed_number(wl.rest_contribution()) << " from " << wl.rest_count()
            << " more features\n";
    }
    out << "  = " << number(wl.raw_value, 17) << " over " << wl.terms.size()
        << " weighted features";
    if (wl.zero_weight_colours > 0) out << "; " << wl.zero_weight_colours << " colours weigh 0";
    if (wl.unseen_node_colours > 0) {
        out << "; " << wl.unseen_node_colours << " of " << wl.node_colours
            << " node colours are unknown to the model and count 0";
    }
    out << "\n";
}

void print_tree(std::ostream& out, const TreeLevel& level) {
    out << "Step " << level.step << ", node "
        << (level.partial.empty() ? std::string("(no action chosen)") : level.partial)
        << ": h = " << (level.evaluated ? number(level.h) : "?") << " (" << level.heuristic << "), "
        << level.total_children << " children";
    if (level.total_children > static_cast<int>(level.children.size()))
        out << ", first " << level.children.size() << " shown";
    out << "\n";
    for (const TreeChild& c : level.children) {
        out << "  " << (c.on_plan ? "> " : "  ") << c.partial
            << "  h = " << (c.evaluated ? number(c.h) : "?") << (c.on_plan ? "  (plan)" : "")
            << "\n";
    }
}

std::vector<std::string> split_path(const std::string& text) {
    std::vector<std::string> path;
    if (text == "root") return path;
    std::stringstream parts(text);
    for (std::string item; std::getline(parts, item, ',');)
        path.push_back(item);
    return path;
}

void print_text(std::ostream& out, const Explanation& e) {
    out << "Heuristic " << e.heuristic << " in the " << e.space << " space";
    if (!e.model.empty()) {
        out << ", model " << e.model << " (graph " << e.graph << ", " << e.iterations
            << (e.variant == "iwl" ? " iWL" : " WL") << " iterations)";
    }
    out << "\n";
    for (const StepExplanation& s : e.steps) {
        out << "\nStep " << s.step << (s.step == 0 ? " (initial state)" : " after " + s.action);
        if (!s.partial.empty()) out << ", partial action " << s.partial;
        out << ": h = " << number(s.h) << (s.is_goal ? " (goal state)" : "") << "\n";
        if (s.wl) print_wl(out, *s.wl);
        if (s.relaxed) {
            out << "  relaxed plan (" << s.relaxed->size() << " actions, * = helpful):\n";
            for (const RelaxedPlanAction& a : *s.relaxed)
                out << "   " << (a.helpful ? "* " : "  ") << a.action << "\n";
        }
    }
}

}  // namespace

const CommandSpec& explain_spec() {
    static const CommandSpec spec{
        "lazylifted explain",
        {"DOMAIN", "PROBLEM"},
        "Prints the main heuristic's value for each state along a plan (the initial\n"
        "state without --plan) and why: for a learnt WL model, h = round(sum of\n"
        "weight x count) with the features that contribute most, each decoded into\n"
        "words; for ff/rff the relaxed plan with the helpful actions marked.",
        {
            {"--plan", "FILE", "none", "explain each state along this plan"},
            {"--step", "N", "all", "only the state after N plan steps (0: initial)"},
            {"--model", "FILE|auto|none", "auto", "the learnt model, as for plan"},
            {"--heuristic", "ff|rff|hadd|hmax|goal-count|wl", "wl with a model, else ff",
             "the heuristic to explain"},
            {"--space", "state|partial", "the model's, else auto",
             "the search space whose heuristic is explained"},
            {"--partial", "SCHEMA[,OBJ...]", "none",
             "partial space: explain h(s, partial action) for this partial action"},
            {"--top", "K", "10", "features shown per state"},
            {"--children", "root|SCHEMA[,OBJ...]", "none",
             "instead: the children of this node of the partial-action tree of the state "
             "at --step (default 0), with h"},
            {"--limit", "N", "50", "with --children: at most N children"},
            {"--json", "", "off", "print JSON (docs/explain.md) instead of tables"},
        }};
    return spec;
}

int run_explain(std::span<const std::string> args, const std::string& models_dir) {
    SourceFiles sources;
    try {
        std::optional<ParsedArgs> parsed = parse_command_line(explain_spec(), args);
        if (!parsed) return kExitSuccess;
        const ParsedArgs& a = *parsed;
        PlanRequest request;
        request.options.space = a.value("--space");
        request.options.heuristic = a.value("--heuristic");
        RequestTexts texts;
        read_task_files(request, texts, a.positionals[0], a.positionals[1], sources);
        attach_model(request, texts, a.value("--model").value_or("auto"), models_dir);
        std::optional<std::string> plan_text;
        const std::string plan_name = a.value("--plan").value_or("plan");
        if (a.value("--plan")) {
            plan_text = read_text_file(plan_name);
            sources.add(plan_name, *plan_text);
        }
        ExplainOptions options;
        if (auto v = a.value("--top"))
            options.top_k = static_cast<int>(parse_positive_count(*v, "--top"));
        if (auto v = a.value("--step")) {
            options.step = *v == "0" ? 0 : static_cast<int>(parse_positive_count(*v, "--step"));
        }
        if (auto v = a.value("--partial")) options.path = split_path(*v);
        HeuristicSession session(request, plan_text, plan_name);
        if (auto v = a.value("--children")) {
            const int limit = static_cast<int>(
                parse_positive_count(a.value("--limit").value_or("50"), "--limit"));
            const TreeLevel level =
                partial_action_children(session, options.step.value_or(0), split_path(*v), limit);
            if (a.has("--json")) {
                std::cout << tree_level_json(level).dump(2) << "\n";
            } else {
                print_tree(std::cout, level);
            }
            return kExitSuccess;
        }
        const Explanation explanation = explain(session, options);
        if (a.has("--json")) {
            std::cout << explanation_json(explanation).dump(2) << "\n";
        } else {
            print_text(std::cout, explanation);
        }
        return kExitSuccess;
    } catch (const std::exception&) {
        return report_current_exception(sources, "lazylifted explain");
    }
}

}  // namespace ll::cli
