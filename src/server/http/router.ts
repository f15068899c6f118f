/**
 * @module Path matching: the route for (method, path), or why there is none — 405 with the methods
 * the path does allow, 404 unknown_service for another platform service, 404 not_found otherwise.
 */
import type { Route } from './route.js';

export type RouteMatch =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'unknown_service' }
  | { kind: 'not_found' };

interface CompiledRoute {
  route: Route;
  regex: RegExp;
  names: string[];
}

/** Another service of the platform: a service-ID slug followed by a version segment. */
const OTHER_SERVICE = /^\/([a-z][a-z0-9-]{1,62})\/v\d+(\/|$)/;

export class Router {
  private readonly compiled: CompiledRoute[];
  /**
   * Routes without parameters by "METHOD path", filled as they are matched: the answer for such a
   * pair never changes, and only the few (method, path) pairs of such routes ever enter.
   */
  private readonly fixed = new Map<string, Route>();

  constructor(
    routes: readonly Route[],
    /** Service IDs this listener serves; other slugs under /{slug}/v{n}/ are unknown services. */
    private readonly servedServices: readonly string[],
  ) {
    this.compiled = routes.map(compile);
  }

  match(method: string, path: string): RouteMatch {
    const key = `${method} ${path}`;
    const fixed = this.fixed.get(key);
    if (fixed !== undefined) return { kind: 'route', route: fixed, params: {} };
    const onPath = this.compiled
      .map((c) => ({ c, m: c.regex.exec(path) }))
      .filter((x): x is { c: CompiledRoute; m: RegExpExecArray } => x.m !== null);
    if (onPath.length === 0) return this.noRoute(path);
    // HEAD is answered like GET, without the body (the adapter drops it).
    const wanted = method === 'HEAD' ? 'GET' : method;
    const hit = onPath.find((x) => x.c.route.method === wanted);
    if (hit === undefined) return { kind: 'method_not_allowed', allow: allowed(onPath.map((x) => x.c.route.method)) };
    const params = decodeParams(hit.c.names, hit.m);
    if (params === null) return { kind: 'not_found' };
    if (hit.c.names.length === 0) this.fixed.set(key, hit.c.route);
    return { kind: 'route', route: hit.c.route, params };
  }

  private noRoute(path: string): RouteMatch {
    const service = OTHER_SERVICE.exec(path)?.[1];
    if (service !== undefined && !this.servedServices.includes(service)) return { kind: 'unknown_service' };
    return { kind: 'not_found' };
  }
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.pattern
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param === null) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, regex: new RegExp(`^${source}$`), names };
}

/** Null when a parameter is not valid percent-encoding: such a resource cannot exist. */
function decodeParams(names: string[], match: RegExpExecArray): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    try {
      params[names[i]] = decodeURIComponent(match[i + 1]);
    } catch {
      return null;
    }
  }
  return params;
}

function allowed(methods: string[]): string[] {
  const set = new Set(methods);
  if (set.has('GET')) set.add('HEAD');
  return [...set].sort();
}
