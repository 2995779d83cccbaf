// Colour ids decoded into text through the dictionary's keys (see header).
#include "core/learning/colour_description.hpp"

#include <algorithm>
#include <cstdint>

namespace ll {

namespace {

const char* status_text(int status) {
    switch (status) {
        case 0:
            return "goal, already true";
        case 1:
            return "goal, not yet true";
        case 2:
            return "goal, not yet true, some candidate actions add it";
        case 3:
            return "goal, true, some candidate actions delete it";
        case 4:
            return "true, not a goal";
        case 6:
            return "not a goal, some candidate actions add it";
        case 7:
            return "true, not a goal, some candidate actions delete it";
        default:
            return "false, not a goal";
    }
}

// Cuts `text` to at most `limit` bytes on a UTF-8 character boundary.
void truncate(std::string& text, std::size_t limit) {
    if (text.size() <= limit) return;
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    text.resize(cut);
    text += "…";
}

}  // namespace

std::string ordinal(int position) {
    const int n = position + 1;
    const char* suffix = "th";
    if (n % 100 < 11 || n % 100 > 13) {
        if (n % 10 == 1) suffix = "st";
        if (n % 10 == 2) suffix = "nd";
        if (n % 10 == 3) suffix = "rd";
    }
    return std::to_string(n) + suffix;
}

ColourDescriber::ColourDescriber(const WlFeatures& features, GraphKind graph, const Task& task,
                                 ColourTextLimits limits)
    : features_(features),
      task_(task),
      limits_(limits),
      set_mode_(features.options().neighbourhood == Neighbourhood::Set) {
    if (graph != GraphKind::Ilg) {
        for (PredicateId p = 0; p < task.num_predicates(); ++p) {
            if (task.predicates[p].is_static && task.predicates[p].arity() == 1)
                unary_statics_.push_back(p);
        }
    }
    const int k = static_cast<int>(unary_statics_.size());
    layout_.num_object_colours = k > kMaxUnaryStaticPredicates ? 1 : RawColour(1) << k;
    layout_.num_schemas = task.num_schemas();
}

const std::vector<std::int32_t>& ColourDescriber::base_key(int id) const {
    const auto& keys = features_.keys();
    while (!WlFeatures::is_base_marker(keys[id][0]))
        id = keys[id][1];
    return keys[id];
}

ColourDescriber::NodeKind ColourDescriber::kind_of(RawColour raw) const {
    if (raw < layout_.num_object_colours) return NodeKind::Object;
    if (raw < layout_.num_object_colours + layout_.num_schemas) return NodeKind::Action;
    return NodeKind::Atom;
}

// `name(?, ·, ?)` with the hole (a 0-based position, -1: none) marked.
std::string ColourDescriber::pattern(RawColour raw, int hole) const {
    std::string name;
    int arity = 0;
    if (kind_of(raw) == NodeKind::Action) {
        const auto& schema = task_.schemas[raw - layout_.num_object_colours];
        name = schema.name;
        arity = schema.arity();
    } else {
        const RawColour p =
            (raw - layout_.num_object_colours - layout_.num_schemas) / kNumAtomStatuses;
        if (p < 0 || p >= task_.num_predicates()) return "`?`";
        name = task_.predicates[p].name;
        arity = task_.predicates[p].arity();
    }
    std::string out = "`" + name + "(";
    for (int i = 0; i < arity; ++i) {
        if (i > 0) out += ", ";
        out += i == hole ? "·" : "?";
    }
    return out + ")`";
}

// `marked`: the node is the one an individualised (iWL) run singles out.
std::string ColourDescriber::label_text(RawColour raw, int hole, bool marked) const {
    switch (kind_of(raw)) {
        case NodeKind::Object: {
            std::string out = marked ? "the marked object" : "an object";
            const char* sep = " that is ";
            for (int rank = 0; rank < static_cast<int>(unary_statics_.size()); ++rank) {
                if ((raw >> rank) & 1) {
                    out +=
                        sep + std::string("`") + task_.predicates[unary_statics_[rank]].name + "`";
                    sep = " and ";
                }
            }
            return out;
        }
        case NodeKind::Action:
            return (marked ? "the marked candidate action " : "candidate action ") +
                   pattern(raw, hole);
        case NodeKind::Atom:
            break;
    }
    const RawColour offset = raw - layout_.num_object_colours - layout_.num_schemas;
    const RawColour p = offset / kNumAtomStatuses;
    const bool derived = p >= 0 && p < task_.num_predicates() && task_.predicates[p].is_derived;
    return (marked ? "the marked atom " : "") + pattern(raw, hole) + " (" +
           status_text(static_cast<int>(offset % kNumAtomStatuses)) + (derived ? ", derived" : "") +
           ")";
}

// The (colour, label) neighbour pairs of a refined colour with one pair equal
// to (skip_colour, skip_label) left out, equal pairs merged, by label.
std::vector<ColourDescriber::Neighbour> ColourDescriber::neighbours(int id, int skip_colour,
                                                                    int skip_label) const {
    const auto& key = features_.keys()[id];
    std::vector<Neighbour> out;
    if (WlFeatures::is_base_marker(key[0])) return out;
    bool skipped = skip_colour < 0;
    for (std::size_t i = 2; i + 1 < key.size(); i += 2) {
        if (!skipped && key[i] == skip_colour && key[i + 1] == skip_label) {
            skipped = true;
            continue;
        }
        if (!out.empty() && out.back().colour == key[i] && out.back().label == key[i + 1]) {
            ++out.back().multiplicity;
        } else {
            out.push_back({key[i], key[i + 1], 1});
        }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Neighbour& a, const Neighbour& b) { return a.label < b.label; });
    return out;
}

namespace {
// The colour of the same node one round earlier (-1 for a base colour).
int previous(const WlFeatures& features, int id) {
    if (id < 0) return -1;
    const auto& key = features.keys()[id];
    return WlFeatures::is_base_marker(key[0]) ? -1 : key[1];
}
}  // namespace

void ColourDescriber::append(std::string& out, int id, int depth, int hole, int skip_colour,
                             int skip_label, std::size_t& produced) const {
    const std::vector<std::int32_t>& base = base_key(id);
    const auto raw = static_cast<RawColour>(
        (static_cast<std::uint64_t>(std::uint32_t(base[1])) << 32) | std::uint32_t(base[2]));
    const std::size_t before = out.size();
    out += label_text(raw, hole, base[0] == WlFeatures::kIndividualisedMarker);
    produced += out.size() - before;
    // `produced` counts the text of discarded clauses too, so the work is
    // bounded however many neighbours each level has.
    if (depth >= limits_.max_depth || produced > limits_.max_length) return;
    const std::vector<Neighbour> ns = neighbours(id, skip_colour, skip_label);
    // Neighbours are described one round earlier: the edge back to this node
    // is then keyed by this node's colour two rounds earlier.
    const int back = previous(features_, previous(features_, id));
    const bool is_object = kind_of(raw) == NodeKind::Object;
    if (ns.empty()) {
        if (is_object && skip_colour < 0 && features_.round_of(id) > 0) out += " in no atom";
        return;
    }
    const char* role = kind_of(raw) == NodeKind::Action ? " parameter is [" : " argument is [";
    bool first = true;
    for (const Neighbour& n : ns) {
        if (produced > limits_.max_length) return;
        std::string clause;
        if (n.multiplicity > 1 && !set_mode_) clause = std::to_string(n.multiplicity) + " × ";
        if (is_object) {
            append(clause, n.colour, depth + 1, n.label, back, n.label, produced);
        } else {
            std::string object;
            append(object, n.colour, depth + 1, -1, back, n.label, produced);
            // An argument that is just "an object" says nothing the pattern
            // does not.
            if (object == "an object") continue;
            clause += ordinal(n.label) + role + object + "]";
        }
        if (first) {
            out += is_object ? (skip_colour >= 0 ? " also in " : " in ") : " whose ";
        } else {
            out += is_object ? ", " : " and ";
        }
        first = false;
        out += clause;
    }
}

std::string ColourDescriber::describe(int id) const {
    std::string out;
    std::size_t produced = 0;
    append(out, id, 0, -1, -1, -1, produced);
    truncate(out, limits_.max_length);
    return out;
}

}  // namespace ll
