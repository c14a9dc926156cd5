/**
 * Prometheus metrics (GET /metrics, every role): the conversion queue's depth, conversions by
 * outcome and their seconds (counted by the process that ran them: a worker, or the all-in-one
 * server), HTTP latency by route, and Node's own process figures. One registry per process's
 * services, so tests that start several servers in one process count apart.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** outcome: completed, or the failure's error code. */
  conversions: Counter<'kind' | 'outcome'>;
  conversionSeconds: Histogram<'kind'>;
  httpSeconds: Histogram<'method' | 'route' | 'status_code'>;
}

export function createMetrics(queueDepth: () => Promise<number>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'statemint_' });
  new Gauge({
    name: 'statemint_conversion_queue_depth',
    help: 'Conversion and restore jobs waiting or running (the whole queue: Redis when shared)',
    registers: [registry],
    async collect() {
      try {
        this.set(await queueDepth());
      } catch {
        // The queue did not answer: no figure rather than a wrong one.
        this.reset();
      }
    },
  });
  return {
    registry,
    conversions: new Counter({
      name: 'statemint_conversions_total',
      help: 'Conversions and restores finished by this process, by kind and outcome (completed or the error code)',
      labelNames: ['kind', 'outcome'],
      registers: [registry],
    }),
    conversionSeconds: new Histogram({
      name: 'statemint_conversion_seconds',
      help: 'Time from a worker starting a file to its outcome stored',
      labelNames: ['kind'],
      buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
      registers: [registry],
    }),
    httpSeconds: new Histogram({
      name: 'statemint_http_request_duration_seconds',
      help: 'HTTP answers by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}
