/*
 * The constituency map, drawn on the server as one SVG (issue 69 item 4, DECISIONS.md §32,
 * docs/decisions/070): no map library on the phone. The shapes are projected once per
 * election (and state) with d3-geo's planar `geoIdentity().reflectY(true)` fitted to the
 * viewBox (the shipped GeoJSON is in degrees; d3's spherical projections filled the whole globe
 * from its reversed rings, ARCHITECTURE.md), simplified to the viewBox's pixels and rounded to
 * whole ones, and kept as path strings: a result changes a colour, never a shape, so a map is
 * the kept paths with this moment's fills (a few milliseconds; docs/perf/elections.md).
 */
import { geoIdentity, geoPath } from 'd3-geo';
import type { ExtendedFeatureCollection, GeoGeometryObjects } from 'd3-geo';

/** The viewBox's width; its height follows the shapes. */
export const MAP_WIDTH = 1000;
/**
 * Points closer than this (in viewBox pixels) to the line through their neighbours are left
 * out (Douglas–Peucker). Half a pixel at 1,000 wide: the seats' borders cannot be told from
 * the unsimplified ones at any size a page shows, and the map stays far under its 120 KB.
 */
const TOLERANCE = 0.5;

export interface ShapeOf {
  id: string;
  shape: { type: string; coordinates: unknown } | null;
}

/** A set of seats projected: each seat's path string and the viewBox they fill. */
export interface ProjectedMap {
  width: number;
  height: number;
  paths: Map<string, string>;
}

type Point = [number, number];

/** Douglas–Peucker on one ring, iteratively (a ring may have thousands of points). */
function simplify(points: Point[], tolerance: number): Point[] {
  if (points.length < 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Point[] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let far = 0;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i]!;
      const distance =
        length === 0
          ? Math.hypot(px - ax, py - ay)
          : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (distance > far) {
        far = distance;
        at = i;
      }
    }
    if (far > tolerance && at > 0) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** One ring as path data: absolute start, then relative whole-pixel steps; none if it vanished. */
function ringPath(ring: Point[]): string {
  const points: Point[] = [];
  for (const [x, y] of simplify(ring, TOLERANCE)) {
    const p: Point = [Math.round(x), Math.round(y)];
    const last = points.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) points.push(p);
  }
  if (
    points.length > 1 &&
    points[0]![0] === points.at(-1)![0] &&
    points[0]![1] === points.at(-1)![1]
  )
    points.pop();
  if (points.length < 3) return '';
  let d = `M${points[0]![0]} ${points[0]![1]}l`;
  for (let i = 1; i < points.length; i++) {
    const dx = points[i]![0] - points[i - 1]![0];
    const dy = points[i]![1] - points[i - 1]![1];
    d += `${i > 1 && dx >= 0 ? ' ' : ''}${dx}${dy >= 0 ? ' ' : ''}${dy}`;
  }
  return `${d}z`;
}

/** The rings d3-geo's path gives a shape, as projected points. */
function ringsOf(path: ReturnType<typeof geoPath>, shape: GeoGeometryObjects): Point[][] {
  const rings: Point[][] = [];
  let ring: Point[] = [];
  path.context({
    beginPath: () => undefined,
    moveTo: (x: number, y: number) => void (ring = [[x, y]]),
    lineTo: (x: number, y: number) => void ring.push([x, y]),
    closePath: () => void rings.push(ring),
    arc: () => undefined,
  });
  path(shape);
  return rings;
}

/**
 * The seats' shapes projected into a viewBox MAP_WIDTH wide. A seat too small to keep three
 * whole pixels (an island) keeps a one-pixel square at its place, so every seat has a shape.
 */
export function projectShapes(seats: readonly ShapeOf[]): ProjectedMap {
  const shaped = seats.filter((s): s is ShapeOf & { shape: GeoGeometryObjects } => !!s.shape);
  const collection: ExtendedFeatureCollection = {
    type: 'FeatureCollection',
    features: shaped.map((s) => ({ type: 'Feature', properties: {}, geometry: s.shape })),
  };
  // d3-geo's identity has fitWidth (its source); @types/d3-geo 3.1.1 leaves it out.
  const identity = geoIdentity().reflectY(true) as ReturnType<typeof geoIdentity> & {
    fitWidth(width: number, object: ExtendedFeatureCollection): ReturnType<typeof geoIdentity>;
  };
  const projection = identity.fitWidth(MAP_WIDTH, collection);
  const [[, top], [, bottom]] = geoPath(projection).bounds(collection);
  const height = Math.max(1, Math.ceil(bottom - top));
  const path = geoPath(projection);
  const paths = new Map<string, string>();
  for (const seat of shaped) {
    const rings = ringsOf(path, seat.shape);
    let d = rings.map(ringPath).join('');
    if (!d) {
      const [x, y] = path.centroid(seat.shape);
      d = `M${Math.round(x)} ${Math.round(y)}h1v1h-1z`;
    }
    paths.set(seat.id, d);
  }
  return { width: MAP_WIDTH, height, paths };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`,
  );

/** One seat as the map colours it: its fill, whether it is only leading, its title. */
export interface MapSeat {
  id: string;
  title: string;
  fill: string | null;
  status: 'leading' | 'won' | null;
}

/** The colour of a seat still awaiting its first result. */
export const AWAITED_FILL = '#d9d9d9';

/**
 * The map as one SVG document: a <path> per seat filled with its leader's colour (paler while
 * only leading), its name as its <title>, a text title and description for the whole. Valid
 * standalone SVG (an <img>'s source, or a file to download).
 */
export function mapSvg(
  map: ProjectedMap,
  seats: readonly MapSeat[],
  say: { title: string; description: string; lang: string },
): string {
  let body = '';
  for (const seat of seats) {
    const d = map.paths.get(seat.id);
    if (!d) continue;
    const fill = seat.fill ?? AWAITED_FILL;
    const pale = seat.status === 'leading' ? ' fill-opacity=".55"' : '';
    body += `<path d="${d}" fill="${escapeXml(fill)}"${pale}><title>${escapeXml(seat.title)}</title></path>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${map.width} ${map.height}" ` +
    `width="${map.width}" height="${map.height}" role="img" lang="${escapeXml(say.lang)}" aria-labelledby="t d">` +
    `<title id="t">${escapeXml(say.title)}</title><desc id="d">${escapeXml(say.description)}</desc>` +
    `<g stroke="#fff" stroke-width=".6" stroke-linejoin="round">${body}</g></svg>`
  );
}
