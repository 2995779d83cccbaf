// Fixture for scripts/long-functions.py (run with --limit 5): braces in
// literals and comments, brace initialisers, classes and templates.
#include <string>
#define BRACE_MACRO {
namespace fixture {

struct Holder {
    int value{0};
    Holder(int v) : value{v} {
        value += 1;
    }
    // six lines, in a class: listed
    int in_class() const {
        int a = 1;
        int b = '{';
        b += '}';
        return a + b;
    }
};

template <typename T>
T templated(T x) {  // seven lines: listed
    const char* s = "}}}";
    auto raw = R"x( } { )" )x";
    long n = 1'000'000;
    return x + static_cast<T>(n) + s[0] + raw[0];
}

// long-function: the fixture's opted-out case
int opted_out() {
    /* } */ int a = 0;
    a += 1;
    a += 2;
    a += 3;
    return a;
}

Holder::Holder(const Holder& other) : value(other.value) {
    int a = 1;
    a += 2;
    a += 3;
    value += a;
}

constexpr int kTable[] = {
    1, 2, 3, 4, 5, 6, 7, 8,
};

}  // namespace fixture
