// Structs with methods, static members, inheritance, interfaces, templates.
interface IShape { float area(); };

struct Base { float w; };

struct Rect : Base, IShape {
  static const int sides = 4;
  float h;
  struct Corner { float2 at; };
  float area() { return w * h; }
  Rect operator+(Rect other);
  void grow(float by);
};

void Rect::grow(float by) { h += by; this.w += by; }
const int Rect::sides;

template <typename T, uint Count = 2>
struct Array { T items[Count]; };

template <typename T>
T twice(T x) { return x + x; }

template <>
float twice<float>(float x) { return 2 * x; }

template <typename T> using Pair = vector<T, 2>;

namespace ns {
  struct Inner { float v; };
  float get(Inner i) { return i.v; }
}

float use() {
  Array<float> a;
  Rect::Corner c;
  Pair<float> p = twice<float2>(float2(1, 2));
  return ns::get((ns::Inner)0) + Rect::sides;
}
