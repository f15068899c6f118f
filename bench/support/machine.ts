/** The machine a benchmark ran on: figures from a loaded 2-core box and an idle workstation differ. */
import { cpus, loadavg, totalmem } from 'node:os';

export interface MachineInfo {
  date: string;
  node: string;
  platform: string;
  cpuModel: string;
  cpus: number;
  totalMemoryMb: number;
  /** 1-minute load average; above the CPU count means benchmarks competed for the CPU. */
  loadAverage: number;
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cpus: list.length,
    totalMemoryMb: Math.round(totalmem() / 2 ** 20),
    loadAverage: Math.round(loadavg()[0] * 100) / 100,
  };
}

/** Forced GC when node runs with --expose-gc, else undefined. */
export function forcedGc(): (() => void) | undefined {
  return (globalThis as { gc?: () => void }).gc;
}
