/**
 * @module The HTTP dispatcher of `lists update` for one URL: through the proxy that HTTPS_PROXY /
 * HTTP_PROXY name (undici's ProxyAgent: CONNECT for https, absolute-form requests for http) unless
 * NO_PROXY names the host, as curl and most tools do. Node's own fetch ignores these variables, so
 * without this a server behind a corporate proxy could not update its lists. Upper- and lower-case
 * names are honoured. (undici's EnvHttpProxyAgent does the same but prints an "experimental"
 * warning on every run.)
 */
import { Agent, ProxyAgent, type Dispatcher } from 'undici';

type Env = Readonly<Record<string, string | undefined>>;

export interface ProxyChoice {
  dispatcherFor(url: string): Dispatcher;
  close(): Promise<void>;
}

const pick = (env: Env, name: string): string => (env[name] ?? env[name.toLowerCase()] ?? '').trim();

export function proxyDispatchers(env: Env): ProxyChoice {
  const direct = new Agent();
  const agents = new Map<string, ProxyAgent>();
  const proxied = (uri: string): ProxyAgent => {
    let agent = agents.get(uri);
    if (agent === undefined) agents.set(uri, (agent = new ProxyAgent({ uri })));
    return agent;
  };
  const bypass = noProxyMatcher(pick(env, 'NO_PROXY'));
  return {
    dispatcherFor(url) {
      const target = new URL(url);
      // Without HTTPS_PROXY, https goes through HTTP_PROXY (undici's and most tools' rule).
      const proxy = target.protocol === 'https:' ? pick(env, 'HTTPS_PROXY') || pick(env, 'HTTP_PROXY') : pick(env, 'HTTP_PROXY');
      return proxy === '' || bypass(target) ? direct : proxied(proxy);
    },
    async close() {
      await Promise.all([direct.close(), ...[...agents.values()].map((a) => a.close())]);
    },
  };
}

/** NO_PROXY: "*", or entries "host", ".domain" / "domain" (the domain and its subdomains), "host:port". */
function noProxyMatcher(value: string): (url: URL) => boolean {
  const entries = value.split(/[\s,]+/).filter((e) => e !== '').map((e) => e.toLowerCase());
  return (url) => {
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return entries.some((entry) => {
      if (entry === '*') return true;
      const [name, entryPort] = entry.replace(/^\*?\./, '.').split(/:(?=\d+$)/);
      if (entryPort !== undefined && entryPort !== port) return false;
      const domain = name.replace(/^\./, '');
      return host === domain || host.endsWith(`.${domain}`);
    });
  };
}
