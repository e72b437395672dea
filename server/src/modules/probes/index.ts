/** What other features may take from probes/ (the layer rules allow no deeper import). */
export { ProbesModule } from './probes.module';
export { ProbeRunner } from './probe-runner';
