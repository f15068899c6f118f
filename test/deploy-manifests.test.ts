/**
 * The deployment files, checked without a cluster or a Docker engine: every Kubernetes manifest in
 * deploy/kubernetes/ validates against the Kubernetes OpenAPI schemas (kubernetes-models), the
 * kustomization lists exactly those files, and the pieces fit together (probes on the service's
 * real endpoints, selectors, the Secret and volume they name, the CronJob running `lists update` on
 * the volume the pods read). The compose file's Redis has a password and a memory limit; the image
 * runs on the current Node LTS.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllDocuments, parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { PROJECT_DIR } from './support/shared.js';

const K8S_DIR = join(PROJECT_DIR, 'deploy/kubernetes');

type Doc = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; stringData?: Record<string, string> };
type ModelClass = new (data: unknown) => { validate(): void };

/** The kubernetes-models module of each apiVersion the manifests use. */
const MODELS: Record<string, () => Promise<Record<string, unknown>>> = {
  v1: () => import('kubernetes-models/v1'),
  'apps/v1': () => import('kubernetes-models/apps/v1'),
  'batch/v1': () => import('kubernetes-models/batch/v1'),
  'autoscaling/v2': () => import('kubernetes-models/autoscaling/v2'),
  'policy/v1': () => import('kubernetes-models/policy/v1'),
};

async function manifests(): Promise<Array<{ file: string; doc: Doc }>> {
  const files = (await readdir(K8S_DIR)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
  const out: Array<{ file: string; doc: Doc }> = [];
  for (const file of files.sort()) {
    for (const document of parseAllDocuments(await readFile(join(K8S_DIR, file), 'utf8'))) {
      expect(document.errors, file).toEqual([]);
      out.push({ file, doc: document.toJS() as Doc });
    }
  }
  return out;
}

const find = (docs: Array<{ doc: Doc }>, kind: string, name: string): Doc => {
  const found = docs.find((d) => d.doc.kind === kind && d.doc.metadata.name === name)?.doc;
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};

describe('deploy/kubernetes', () => {
  it('validates every manifest against the Kubernetes schemas', async () => {
    const docs = await manifests();
    expect(docs.map((d) => d.doc.kind).sort()).toEqual(
      ['CronJob', 'Deployment', 'HorizontalPodAutoscaler', 'PersistentVolumeClaim', 'PodDisruptionBudget', 'Secret', 'Service', 'Service', 'StatefulSet'],
    );
    for (const { file, doc } of docs) {
      const load = MODELS[doc.apiVersion];
      expect(load, `${file}: apiVersion ${doc.apiVersion}`).toBeDefined();
      const Model = (await load())[doc.kind] as ModelClass | undefined;
      expect(Model, `${file}: ${doc.kind}`).toBeDefined();
      expect(() => new Model!(doc).validate(), `${file}: ${doc.kind} ${doc.metadata.name}`).not.toThrow();
    }
  });

  it('rejects a broken manifest (the validation is real)', async () => {
    const { Deployment } = await import('kubernetes-models/apps/v1');
    const deployment = find(await manifests(), 'Deployment', 'rps');
    const broken = structuredClone(deployment);
    broken.spec.template.spec.containers[0].readinessProbe.httpGet.port = { not: 'a port' };
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });

  it('lists exactly its manifest files in kustomization.yaml', async () => {
    const kustomization = parse(await readFile(join(K8S_DIR, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    const files = (await readdir(K8S_DIR)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
  });

  it('wires the pieces: probes, selectors, secret, volume, autoscaler, disruption budget, list updates', async () => {
    const docs = await manifests();
    const deployment = find(docs, 'Deployment', 'rps');
    const pod = deployment.spec.template;
    const container = pod.spec.containers[0];
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.ports).toEqual([{ name: 'http', containerPort: 8080 }]);
    const env = Object.fromEntries(container.env.map((e: { name: string }) => [e.name, e]));
    expect(env.SESSION_JWT_SECRET.valueFrom.secretKeyRef).toEqual({ name: 'rps-secrets', key: 'session-jwt-secret' });
    expect(env.REDIS_URL.value).toBe('redis://:$(REDIS_PASSWORD)@rps-redis:6379');
    expect(env.HOST.value).toBe('0.0.0.0');

    const labels = pod.metadata.labels;
    for (const [kind, name] of [['Service', 'rps'], ['PodDisruptionBudget', 'rps']] as const) {
      const selector = find(docs, kind, name).spec.selector;
      expect(selector.matchLabels ?? selector, `${kind} selector`).toEqual(labels);
    }
    expect(find(docs, 'HorizontalPodAutoscaler', 'rps').spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'rps' });

    const secret = find(docs, 'Secret', 'rps-secrets');
    expect(Object.keys(secret.stringData ?? {}).sort()).toEqual(['redis-password', 'sam-api-key', 'session-jwt-secret']);
    // An unchanged placeholder must not run: the server refuses session secrets under 32 characters.
    expect(secret.stringData!['session-jwt-secret'].length).toBeLessThan(32);

    const claim = find(docs, 'PersistentVolumeClaim', 'rps-lists');
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    const podVolume = pod.spec.volumes.find((v: { name: string }) => v.name === 'lists');
    expect(podVolume.persistentVolumeClaim).toEqual({ claimName: 'rps-lists', readOnly: true });
    expect(container.volumeMounts).toContainEqual({ name: 'lists', mountPath: '/var/lib/rps/lists', subPath: 'lists', readOnly: true });

    const job = find(docs, 'CronJob', 'rps-lists-update').spec.jobTemplate.spec.template.spec;
    expect(job.containers[0].command).toEqual(['node', 'dist/cli/main.js', 'lists', 'update']);
    expect(job.volumes).toContainEqual({ name: 'lists', persistentVolumeClaim: { claimName: 'rps-lists' } });
    // The volume's root: LISTS_DIR is its lists/ (what the pods mount), with room beside it for staging.
    expect(job.containers[0].volumeMounts).toContainEqual({ name: 'lists', mountPath: '/var/lib/rps' });
    expect(job.containers[0].env).toContainEqual({ name: 'LISTS_DIR', value: '/var/lib/rps/lists' });
  });

  it('runs Redis with a password from the Secret and a memory limit', async () => {
    const redis = find(await manifests(), 'StatefulSet', 'rps-redis').spec.template.spec.containers[0];
    const script = redis.args.join(' ');
    expect(script).toContain(`printf 'requirepass %s\\n' "$REDIS_PASSWORD"`);
    expect(script).toMatch(/--maxmemory 256mb --maxmemory-policy noeviction/);
    expect(redis.env).toContainEqual({ name: 'REDIS_PASSWORD', valueFrom: { secretKeyRef: { name: 'rps-secrets', key: 'redis-password' } } });
    expect(redis.resources.limits.memory).toBe('384Mi');
  });
});

describe('deploy/compose.yaml and the Dockerfile', () => {
  it('protects Redis with a password and a memory limit, and hands the password to the instances', async () => {
    // Compose files use YAML merge keys (<<: *anchor).
    const compose = parse(await readFile(join(PROJECT_DIR, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<string, { command?: string[]; environment?: Record<string, string>; mem_limit?: string }>;
    };
    const redis = compose.services.redis;
    const script = redis.command!.join(' ');
    expect(script).toContain(`printf 'requirepass %s\\n' "$$REDIS_PASSWORD"`);
    expect(script).toContain('--maxmemory 256mb --maxmemory-policy noeviction');
    expect(redis.environment?.REDIS_PASSWORD).toMatch(/^\$\{REDIS_PASSWORD:\?/);
    expect(redis.mem_limit).toBe('384m');
    for (const name of ['rps-1', 'rps-2']) {
      expect(compose.services[name].environment?.REDIS_URL).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]*\}@redis:6379$/);
    }
  });

  it('builds the image on Node 24 (LTS)', async () => {
    const dockerfile = await readFile(join(PROJECT_DIR, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
  });
});
