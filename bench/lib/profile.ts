/** Summarises V8 CPU profiles (node --cpu-prof) of the server: the top frames by self time, and time by package. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** Where a frame's code lives: a package, our source, Node itself, or V8's own buckets. */
function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node core';
  const src = /\/(src\/[^/]+\/[^/]+)/.exec(url);
  return src ? src[1]! : url;
}

export function summariseProfiles(dir: string, top = 25) {
  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  let totalMs = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const sampleMs =
      profile.samples.length > 0 ? (profile.endTime - profile.startTime) / profile.samples.length / 1000 : 0;
    for (const node of profile.nodes) {
      const ms = (node.hitCount ?? 0) * sampleMs;
      if (ms === 0) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      const where = url ? `${url.replace(/^file:\/\/.*?\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : '';
      const key = `${functionName || '(anonymous)'} ${where}`.trim();
      self.set(key, (self.get(key) ?? 0) + ms);
      const area = areaOf(url, functionName);
      areas.set(area, (areas.get(area) ?? 0) + ms);
      totalMs += ms;
    }
  }
  const busyMs = totalMs - (areas.get('(idle)') ?? 0);
  const rank = (m: Map<string, number>) =>
    [...m]
      .filter(([k]) => k !== '(idle)' && !k.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: Math.round(ms), share: busyMs > 0 ? ms / busyMs : 0 }));
  const frames = rank(self);
  const byArea = rank(areas);
  const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`;
  const text = [
    `busy ${Math.round(busyMs)} ms of ${Math.round(totalMs)} ms profiled`,
    'by package / folder (self time):',
    ...byArea.map((a) => `  ${pct(a.share)}  ${a.name}`),
    'top frames (self time):',
    ...frames.map((f) => `  ${pct(f.share)}  ${f.name}`),
  ].join('\n');
  return { text, json: { busyMs: Math.round(busyMs), totalMs: Math.round(totalMs), byArea, frames } };
}
