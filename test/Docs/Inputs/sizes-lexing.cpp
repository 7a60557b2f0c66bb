// Braces in comments, literals and raw strings do not count: { {
#define OPEN {
namespace a {
/* } */
static const char *kText = R"mlir(
  func.func @f() { "}" } ) }
)mlir";

int strings() {
  const char *s = "}\"{";
  char c = '}', d = '\'';
  return 1'000 + s[0] + c + d;
}

struct Holder {
public:
  explicit Holder(int x)
      : callback([this](int y) {
          return y + '{';
        }) {}
  int operator()(int y) const { return callback(y); }

private:
  std::function<int(int)> callback;
};

auto twice = [](int x) {
  return 2 * x;
};
} // namespace a

extern "C" int cApi(int x) {
  return x;
}
