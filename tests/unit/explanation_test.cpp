// Heuristic explanations and the partial-action tree: the terms of
// a WL explanation sum to exactly the h the heuristic returns (ILG with
// None, AOAG/AEG with partial actions, on several states, pruned models
// too), decoded texts carry no raw colour ids, the session replays a plan
// and explains the search's heuristic, and the tree's children are PS²'s
// children with the h PS² computes for them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "core/explain.hpp"
#include "core/explain_json.hpp"
#include "core/heuristic_session.hpp"
#include "core/heuristics/restricted_relaxation.hpp"
#include "core/learning/colour_description.hpp"
#include "core/learning/graph_builder.hpp"
#include "core/learning/model.hpp"
#include "core/learning/wl_explanation.hpp"
#include "core/learning/wl_heuristic.hpp"
#include "core/partial_tree.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/static_facts.hpp"
#include "loaded_task.hpp"

namespace ll {
namespace {

struct ExplanationFixture : test::LoadedTask {
    ExplanationFixture() : LoadedTask("blocksworld", "p02") {}

    // A model whose dictionary holds the colours of `training`'s graphs and
    // whose weights are irregular non-integers of both signs (some zero).
    WlModel model(GraphKind kind, const std::vector<State>& training,
                  WlVariant variant = WlVariant::Plain) {
        WlModel m;
        set_model_domain(m, task);
        m.graph = kind;
        m.space = kind == GraphKind::Ilg ? "state" : "partial";
        m.features = WlFeatures(WlOptions{2, Neighbourhood::Set, variant});
        auto builder = make_graph_builder(kind, task, layout, statics, successors);
        Graph g;
        SparseVector x;
        for (const State& s : training) {
            for (const PartialAction& p : partial_actions(s)) {
                builder->build(s, p, g);
                m.features.collect(g, x);
            }
        }
        for (int id = 0; id < m.features.num_colours(); ++id) {
            if (id % 4 == 1) continue;
            m.weights.emplace_back(id, std::sin(1.7 * id + 0.3) * 3.1 / (1 + id % 5));
        }
        return m;
    }
};

// The model with its dictionary pruned to the weighted colours.
WlModel pruned(const WlModel& m) {
    std::vector<char> keep(m.features.num_colours(), 0);
    for (const auto& [id, w] : m.weights)
        keep[id] = 1;
    std::vector<int> old_to_new;
    WlModel out = m;
    out.features = m.features.pruned(m.features.options().iterations, keep, old_to_new);
    out.weights.clear();
    for (const auto& [id, w] : m.weights)
        out.weights.emplace_back(old_to_new[id], w);
    return out;
}

void expect_exact(WlHeuristic& heuristic, WlHeuristic& reference, const ColourDescriber& d,
                  const State& s, const PartialAction& p, int& checked) {
    const WlExplanation e = explain_wl(heuristic, d, s, p, 8);
    const double h = reference.evaluate(s, p);
    ASSERT_EQ(e.h, h);
    ASSERT_EQ(e.raw_value, reference.last_raw_value());  // bit for bit
    ASSERT_EQ(e.h, std::round(e.raw_value));
    double sum = 0;
    for (const WlTerm& t : e.terms) {
        EXPECT_EQ(t.contribution, t.weight * t.count);
        sum += t.contribution;
    }
    ASSERT_NEAR(sum, e.raw_value, 1e-9 * (1 + std::fabs(e.raw_value)));
    for (std::size_t i = 0; i < e.terms.size(); ++i) {
        if (i > 0)
            EXPECT_GE(std::fabs(e.terms[i - 1].contribution), std::fabs(e.terms[i].contribution));
        EXPECT_EQ(e.terms[i].text.empty(), static_cast<int>(i) >= e.top_k);
        EXPECT_FALSE(test::has_raw_number(e.terms[i].text)) << e.terms[i].text;
    }
    ++checked;
}

TEST(Explanation, ContributionsSumExactlyToH) {
    ExplanationFixture f;
    const std::vector<State> all = f.breadth_first_states(30);
    const std::vector<State> training(all.begin(), all.begin() + 8);
    for (WlVariant variant : {WlVariant::Plain, WlVariant::Individualised}) {
        for (GraphKind kind : {GraphKind::Ilg, GraphKind::Aoag, GraphKind::Aeg}) {
            const WlModel full = f.model(kind, training, variant);
            WlHeuristic unpruned(full, f.task, f.layout, f.statics, f.successors);
            for (bool prune : {false, true}) {
                SCOPED_TRACE(std::string(variant == WlVariant::Plain ? "wl " : "iwl ") +
                             to_string(kind) + (prune ? " pruned" : ""));
                const WlModel m = prune ? pruned(full) : full;
                WlHeuristic heuristic(m, f.task, f.layout, f.statics, f.successors);
                WlHeuristic reference(m, f.task, f.layout, f.statics, f.successors);
                const ColourDescriber describer(heuristic.features(), kind, f.task);
                int checked = 0;
                auto check = [&](const State& s, const PartialAction& p) {
                    expect_exact(heuristic, reference, describer, s, p, checked);
                    // Pruning keeps h, bit for bit.
                    unpruned.evaluate(s, p);
                    EXPECT_EQ(reference.last_raw_value(), unpruned.last_raw_value());
                };
                for (std::size_t i = 0; i < all.size(); i += 3) {
                    if (kind == GraphKind::Ilg) {
                        check(all[i], {});
                        continue;
                    }
                    for (const PartialAction& p : f.partial_actions(all[i]))
                        check(all[i], p);
                }
                EXPECT_GE(checked, 10);
            }
        }
    }
}

TEST(Explanation, PrunedModelsDecodeToTheSameTexts) {
    ExplanationFixture f;
    const std::vector<State> all = f.breadth_first_states(12);
    for (GraphKind kind : {GraphKind::Ilg, GraphKind::Aoag}) {
        const WlModel full = f.model(kind, all);
        const WlModel small = pruned(full);
        ASSERT_LT(small.features.num_colours(), full.features.num_colours());
        WlHeuristic a(full, f.task, f.layout, f.statics, f.successors);
        WlHeuristic b(small, f.task, f.layout, f.statics, f.successors);
        const ColourDescriber da(a.features(), kind, f.task);
        const ColourDescriber db(b.features(), kind, f.task);
        for (const State& s : all) {
            const WlExplanation ea = explain_wl(a, da, s, {}, 1000);
            const WlExplanation eb = explain_wl(b, db, s, {}, 1000);
            ASSERT_EQ(ea.terms.size(), eb.terms.size());
            std::multimap<double, std::string> ta, tb;
            for (const WlTerm& t : ea.terms)
                ta.emplace(t.contribution, t.text);
            for (const WlTerm& t : eb.terms)
                tb.emplace(t.contribution, t.text);
            EXPECT_EQ(ta, tb);
        }
    }
}

// The text of every colour of `h`'s dictionary.
std::vector<std::string> colour_texts(const WlHeuristic& h, GraphKind kind, const Task& task) {
    const ColourDescriber d(h.features(), kind, task);
    std::vector<std::string> texts;
    for (int id = 0; id < h.features().num_colours(); ++id)
        texts.push_back(d.describe(id));
    return texts;
}

bool any_contains(const std::vector<std::string>& texts, const std::string& needle) {
    return std::any_of(texts.begin(), texts.end(),
                       [&](const std::string& t) { return t.find(needle) != std::string::npos; });
}

TEST(Explanation, TextsReadAsTheGraphsOrigin) {
    ExplanationFixture f;
    const State s0 = initial_state(f.task, f.layout);
    const WlModel m = f.model(GraphKind::Ilg, {s0});
    WlHeuristic h(m, f.task, f.layout, f.statics, f.successors);
    const std::vector<std::string> texts = colour_texts(h, GraphKind::Ilg, f.task);
    auto any = [&](const std::string& needle) { return any_contains(texts, needle); };
    EXPECT_TRUE(any("`on(?, ?)` (goal, not yet true)"));
    EXPECT_TRUE(any("an object"));
    EXPECT_TRUE(any("whose 1st argument is [an object"));
    EXPECT_TRUE(any("an object in `"));
    EXPECT_TRUE(any("`clear(·)` (true, not a goal)"));
    for (const std::string& t : texts) {
        EXPECT_FALSE(test::has_raw_number(t)) << t;
        EXPECT_LE(t.size(), ColourTextLimits{}.max_length + 3);
    }
}

// An iWL model's colours name the node its runs single out, in words.
TEST(Explanation, IndividualisedTextsNameTheMarkedNode) {
    ExplanationFixture f;
    const std::vector<State> training = f.breadth_first_states(8);
    for (GraphKind kind : {GraphKind::Ilg, GraphKind::Aoag}) {
        const WlModel m = f.model(kind, training, WlVariant::Individualised);
        WlHeuristic h(m, f.task, f.layout, f.statics, f.successors);
        const std::vector<std::string> texts = colour_texts(h, kind, f.task);
        auto any = [&](const std::string& needle) { return any_contains(texts, needle); };
        EXPECT_TRUE(any("the marked object"));
        EXPECT_TRUE(any("the marked atom `on(?, ?)` (goal, not yet true)"));
        EXPECT_TRUE(any("argument is [the marked object"));
        EXPECT_TRUE(any("an object in `"));  // plain colours read as before
        if (kind == GraphKind::Aoag) EXPECT_TRUE(any("the marked candidate action `"));
        for (const std::string& t : texts) {
            EXPECT_FALSE(test::has_raw_number(t)) << t;
            EXPECT_LE(t.size(), ColourTextLimits{}.max_length + 3);
        }
    }
}

// ---- the session, explain() and the tree, through a request ----

struct Request {
    std::string domain = test::read_file(test::task_path("blocksworld", "domain.pddl"));
    std::string problem = test::read_file(test::task_path("blocksworld", "p02.pddl"));
    std::string plan = test::read_file(test::task_path("blocksworld", "p02.plan"));
    std::string model;
    PlanRequest request(const char* space) {
        PlanRequest r;
        r.domain_text = domain;
        r.problem_text = problem;
        if (!model.empty()) r.model_text = model;
        r.options.space = space;
        return r;
    }
};

TEST(Explanation, SessionExplainsTheSearchHeuristicAlongThePlan) {
    ExplanationFixture f;
    Request req;
    const WlModel m = f.model(GraphKind::Aoag, f.breadth_first_states(10));
    req.model = save_model(m);
    HeuristicSession session(req.request("partial"), req.plan);
    ASSERT_GT(session.plan().size(), 1u);
    const Explanation e = explain(session, {std::nullopt, {}, 5});
    EXPECT_EQ(e.heuristic, "wl");
    EXPECT_EQ(e.space, "partial");
    EXPECT_EQ(e.graph, "aoag");
    EXPECT_EQ(e.variant, "wl");
    ASSERT_EQ(e.steps.size(), session.plan().size() + 1);
    WlHeuristic reference(load_model(req.model), f.task, f.layout, f.statics, f.successors);
    State s = initial_state(f.task, f.layout);
    for (std::size_t i = 0; i < e.steps.size(); ++i) {
        ASSERT_TRUE(e.steps[i].wl);
        EXPECT_EQ(e.steps[i].h, reference.evaluate(s));
        EXPECT_EQ(e.steps[i].wl->raw_value, reference.last_raw_value());
        EXPECT_EQ(e.steps[i].is_goal, i + 1 == e.steps.size());
        if (i < session.plan().size()) s = apply_action(f.task, f.layout, s, session.plan()[i]);
    }
    const auto json = explanation_json(e);
    EXPECT_EQ(json["steps"].size(), e.steps.size());
    EXPECT_LE(json["steps"][0]["wl"]["features"].size(), 5u);

    // One step with a partial action.
    const Explanation one = explain(session, {1, {"stack"}, 3});
    ASSERT_EQ(one.steps.size(), 1u);
    EXPECT_EQ(one.steps[0].partial, "stack(?, ?)");
    EXPECT_THROW(explain(session, {99, {}, 3}), Error);
    EXPECT_THROW(explain(session, {0, {"fly"}, 3}), Error);
}

// The explanation names the model's WL variant (the CLI header and the
// page's panel say "iWL iterations" for an individualised model).
TEST(Explanation, SessionNamesTheModelsWlVariant) {
    ExplanationFixture f;
    Request req;
    req.model =
        save_model(f.model(GraphKind::Ilg, f.breadth_first_states(8), WlVariant::Individualised));
    HeuristicSession session(req.request("state"), req.plan);
    const Explanation e = explain(session, {0, {}, 3});
    EXPECT_EQ(e.variant, "iwl");
    EXPECT_EQ(explanation_json(e)["variant"], "iwl");
    Request none;
    HeuristicSession ff_session(none.request("state"), none.plan);
    const Explanation ff = explain(ff_session, {0, {}, 3});
    EXPECT_TRUE(explanation_json(ff)["variant"].is_null());
}

TEST(Explanation, RelaxedPlanMarksHelpfulActions) {
    Request req;
    HeuristicSession session(req.request("state"), std::nullopt);
    const Explanation e = explain(session, {});
    EXPECT_EQ(e.heuristic, "ff");
    ASSERT_EQ(e.steps.size(), 1u);
    ASSERT_TRUE(e.steps[0].relaxed);
    const auto& plan = *e.steps[0].relaxed;
    EXPECT_EQ(static_cast<double>(plan.size()), e.steps[0].h);  // unit costs
    EXPECT_TRUE(std::any_of(plan.begin(), plan.end(), [](const auto& a) { return a.helpful; }));
}

TEST(Explanation, TreeChildrenArePs2ChildrenWithTheirH) {
    ExplanationFixture f;
    Request req;
    req.model = save_model(f.model(GraphKind::Aeg, f.breadth_first_states(10)));
    HeuristicSession session(req.request("partial"), req.plan);
    WlHeuristic reference(load_model(req.model), f.task, f.layout, f.statics, f.successors);
    for (int step = 0; step < 2; ++step) {
        const State& s = session.state(step);
        const GroundAction& taken = session.plan()[step];
        // Down the plan's branch: None, schema, first parameter, ...
        std::vector<std::string> path;
        for (std::size_t depth = 0; depth <= taken.arguments.size(); ++depth) {
            const TreeLevel level = partial_action_children(session, step, path, 100);
            const PartialAction node = session.partial_action(path);
            EXPECT_EQ(level.h, reference.evaluate(s, node));
            std::vector<int> expected;
            if (node.is_none()) {
                for (SchemaId k = 0; k < f.task.num_schemas(); ++k)
                    if (f.successors.has_applicable(s, k, {})) expected.push_back(k);
            } else {
                for (ObjectId v : f.successors.next_values(s, node.schema, node.prefix))
                    expected.push_back(v);
            }
            ASSERT_EQ(level.total_children, static_cast<int>(expected.size()));
            ASSERT_EQ(level.children.size(), expected.size());
            int on_plan = 0;
            for (const TreeChild& c : level.children) {
                const PartialAction p = session.partial_action(c.path);
                EXPECT_EQ(c.h, reference.evaluate(s, p)) << c.partial;
                if (c.on_plan) {
                    ++on_plan;
                    path = c.path;
                }
            }
            ASSERT_EQ(on_plan, 1);
        }
        EXPECT_EQ(session.partial_action(path), (PartialAction{taken.schema, taken.arguments}));
        const TreeLevel leaf = partial_action_children(session, step, path, 100);
        EXPECT_TRUE(leaf.complete);
        EXPECT_EQ(leaf.total_children, 0);
    }
}

TEST(Explanation, WideLevelsAreBoundedAndKeepThePlansChild) {
    Request req;
    HeuristicSession session(req.request("partial"), req.plan);
    EXPECT_EQ(to_string(session.options().heuristic), std::string("ff"));
    // After (unstack d c) (put-down d): pick-up d or unstack c; the plan
    // unstacks c, the last schema.
    const std::vector<std::string> root;
    const TreeLevel all = partial_action_children(session, 2, root, 100);
    ASSERT_EQ(all.total_children, 2);
    const TreeLevel one = partial_action_children(session, 2, root, 1);
    EXPECT_EQ(one.total_children, 2);
    ASSERT_EQ(one.children.size(), 1u);
    EXPECT_TRUE(one.children[0].on_plan);
    EXPECT_EQ(one.children[0].label, "unstack");
    EXPECT_TRUE(tree_level_json(one)["truncated"].get<bool>());
    // No time for children: only the plan's is evaluated; the order stays.
    const TreeLevel rushed = partial_action_children(session, 2, root, 100, 0.0);
    ASSERT_EQ(rushed.children.size(), 2u);
    EXPECT_EQ(rushed.children[0].label, "pick-up");
    EXPECT_FALSE(rushed.children[0].evaluated);
    EXPECT_TRUE(rushed.children[1].evaluated);
    EXPECT_EQ(rushed.children[1].h, all.children[1].h);
    EXPECT_TRUE(tree_level_json(rushed)["children"][0]["h"].is_null());
    EXPECT_TRUE(rushed.evaluated);  // None: always
    const TreeLevel rushed_schema = partial_action_children(session, 2, {{"unstack"}}, 100, 0.0);
    EXPECT_FALSE(rushed_schema.evaluated);
    EXPECT_TRUE(tree_level_json(rushed_schema)["h"].is_null());
    EXPECT_TRUE(rushed_schema.children[0].evaluated);  // the plan's (unstack c)
    // rFF, as PS² evaluates it.
    const StateLayout layout(session.task());
    const StaticFacts statics(session.task());
    const GoalChecker goal(session.task(), layout, statics);
    SuccessorGenerator successors(session.task(), layout, statics);
    RestrictedRelaxationHeuristic rff(
        RelaxationHeuristic::Kind::FF, session.task(), layout, statics, goal, successors,
        session.options().search.relaxation, session.options().search.cost_type);
    for (const TreeChild& c : all.children)
        EXPECT_EQ(c.h, rff.evaluate(session.state(2), session.partial_action(c.path)));
    EXPECT_THROW(partial_action_children(session, 0, root, 0), Error);
    EXPECT_THROW(partial_action_children(session, 1000, {}, 5), Error);
}

}  // namespace
}  // namespace ll
