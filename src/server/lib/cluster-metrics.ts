/**
 * GET /metrics with several workers (WEB_CONCURRENCY > 1, main.ts): a scrape lands on one worker,
 * which asks the primary over IPC; the primary gathers every worker's registry with prom-client's
 * AggregatorRegistry and sends back one text for the whole instance. Counters and histograms are
 * summed, as are gauges unless they name another aggregator (lib/metrics.ts: the feed's age is the
 * oldest; prom-client's own: event-loop lag averaged, the version taken once). Without this, each
 * scrape described whichever worker the kernel handed it to, and rates jumped between them.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'coinfront:cluster-metrics';
const ANSWER = 'coinfront:cluster-metrics-answer';
/** prom-client gives up on a worker's answer after 5 s; the worker waits a little longer for the primary. */
const ANSWER_TIMEOUT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers each worker's request with the metrics of all workers. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Ask | undefined) => {
    if (message?.type !== ASK) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/**
 * In a worker: offers `registry` to the primary's gathering, and returns the reader of the whole
 * cluster's metrics (rejects when the primary does not answer in time).
 */
export function clusterMetricsReader(registry: Registry): () => Promise<string> {
  // The constructor installs the worker's side: it answers the primary's gathering with these registries.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  process.on('message', (message: Answer | undefined) => {
    if (message?.type === ANSWER) waiting.get(message.id)?.(message);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(
        () => settle({ type: ANSWER, id, error: 'the primary did not answer' }),
        ANSWER_TIMEOUT_MS,
      );
      const settle = (answer: Answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(`cluster metrics: ${answer.error ?? 'no answer'}`));
      };
      waiting.set(id, settle);
      process.send?.({ type: ASK, id } satisfies Ask);
    });
}
