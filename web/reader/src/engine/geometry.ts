/** Plane geometry for the page fold: points, half-plane clipping and reflections, all pure. */
export interface Point {
  x: number;
  y: number;
}

/** A 2D affine transform in CSS `matrix(a, b, c, d, e, f)` order: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export const identity: Affine = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

export function apply(m: Affine, p: Point): Point {
  return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
}

/** m ∘ n: apply n first, then m. */
export function compose(m: Affine, n: Affine): Affine {
  return {
    a: m.a * n.a + m.c * n.b,
    b: m.b * n.a + m.d * n.b,
    c: m.a * n.c + m.c * n.d,
    d: m.b * n.c + m.d * n.d,
    e: m.a * n.e + m.c * n.f + m.e,
    f: m.b * n.e + m.d * n.f + m.f,
  };
}

/** Reflection across the line through `through` with unit normal `normal`: p' = p − 2((p − M)·n)n. */
export function reflection(through: Point, normal: Point): Affine {
  const { x: nx, y: ny } = normal;
  const k = 2 * (through.x * nx + through.y * ny);
  return { a: 1 - 2 * nx * nx, b: -2 * nx * ny, c: -2 * nx * ny, d: 1 - 2 * ny * ny, e: k * nx, f: k * ny };
}

/** Mirror about the vertical line x = axis. */
export function mirrorX(axis: number): Affine {
  return { a: -1, b: 0, c: 0, d: 1, e: 2 * axis, f: 0 };
}

/**
 * The part of a convex polygon on the side of a line where (p − M)·n ≥ 0 (Sutherland–Hodgman against one
 * half-plane). Points exactly on the line belong to both sides, so the two halves share the fold edge.
 */
export function clipHalfPlane(polygon: readonly Point[], through: Point, normal: Point): Point[] {
  const side = (p: Point) => (p.x - through.x) * normal.x + (p.y - through.y) * normal.y;
  const result: Point[] = [];
  for (let index = 0; index < polygon.length; index += 1) {
    const current = polygon[index] as Point;
    const next = polygon[(index + 1) % polygon.length] as Point;
    const sc = side(current);
    const sn = side(next);
    if (sc >= 0) result.push(current);
    if ((sc >= 0 && sn < 0) || (sc < 0 && sn >= 0)) {
      const t = sc / (sc - sn);
      result.push({ x: current.x + t * (next.x - current.x), y: current.y + t * (next.y - current.y) });
    }
  }
  return result;
}

/** Shoelace area (absolute). */
export function area(polygon: readonly Point[]): number {
  let sum = 0;
  for (let index = 0; index < polygon.length; index += 1) {
    const p = polygon[index] as Point;
    const q = polygon[(index + 1) % polygon.length] as Point;
    sum += p.x * q.y - q.x * p.y;
  }
  return Math.abs(sum) / 2;
}

export function distance(p: Point, q: Point): number {
  return Math.hypot(p.x - q.x, p.y - q.y);
}

export function cssMatrix(m: Affine): string {
  const r = (value: number) => Number(value.toFixed(5));
  return `matrix(${r(m.a)}, ${r(m.b)}, ${r(m.c)}, ${r(m.d)}, ${r(m.e)}, ${r(m.f)})`;
}

/** A CSS polygon() in the element's own pixels, relative to its top-left corner at `origin`. */
export function cssPolygon(points: readonly Point[], origin: Point = { x: 0, y: 0 }): string {
  if (points.length < 3) return "polygon(0 0, 0 0, 0 0)";
  const r = (value: number) => Number(value.toFixed(2));
  return `polygon(${points.map((p) => `${r(p.x - origin.x)}px ${r(p.y - origin.y)}px`).join(", ")})`;
}
