// Readable descriptions of WL colours: a colour id of a model's
// dictionary decoded back to its origin in words a student can read, never
// as raw ids. Round 0 colours are node labels (an object with its unary
// static properties, an atom `on(?, ?)` with its goal/achieved status, a
// candidate action `stack(?, ?)`); a round k colour is its node's label plus
// its neighbours at round k - 1, each through the edge label (an argument or
// parameter position), described recursively:
//
//   `on(?, ?)` (goal, not yet true) whose 2nd argument is [an object in
//   `clear(·)` (true, not a goal)]
//
// where `·` stands for the object being described. In an individualised
// (iWL) model the node a run singles out reads "the marked object", "the
// marked atom `on(?, ?)` (...)" or "the marked candidate action ...": a
// colour counts for every choice of that node. The edge back to the node a
// neighbour is described from is left out ("the 1st argument of the atom we
// came from" says nothing). Depth and length are bounded. Works on pruned
// dictionaries (WlFeatures::pruned keeps every colour a kept one is refined
// from, so every key decodes).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/learning/graph_builder.hpp"
#include "core/learning/graph_colours.hpp"
#include "core/learning/wl_features.hpp"
#include "core/task/task.hpp"

namespace ll {

struct ColourTextLimits {
    int max_depth = 3;             // nested neighbour descriptions
    std::size_t max_length = 320;  // characters; longer texts end in "…"
};

class ColourDescriber {
  public:
    // `features` must outlive the describer. The task names the predicates,
    // schemas and unary static predicates (any problem of the model's
    // domain); `graph` decides how objects are coloured (ILG: not at all).
    ColourDescriber(const WlFeatures& features, GraphKind graph, const Task& task,
                    ColourTextLimits limits = {});

    // The description of colour `id` (0 <= id < features.num_colours()).
    std::string describe(int id) const;

  private:
    enum class NodeKind { Object, Action, Atom };
    struct Neighbour {
        int colour;
        int label;
        int multiplicity;
    };

    // The round-0 key ({marker, high, low}) of the node of colour `id`.
    const std::vector<std::int32_t>& base_key(int id) const;
    NodeKind kind_of(RawColour raw) const;
    std::string label_text(RawColour raw, int hole, bool marked) const;
    std::vector<Neighbour> neighbours(int id, int skip_colour, int skip_label) const;
    void append(std::string& out, int id, int depth, int hole, int skip_colour, int skip_label,
                std::size_t& produced) const;
    std::string pattern(RawColour raw, int hole) const;

    const WlFeatures& features_;
    const Task& task_;
    ColourLayout layout_;
    ColourTextLimits limits_;
    bool set_mode_ = true;
    std::vector<PredicateId> unary_statics_;  // rank -> predicate (AOAG/AEG objects)
};

// "1st", "2nd", "3rd", "4th", ... for a 0-based position.
std::string ordinal(int position);

}  // namespace ll
