import { createChartRenderer, type ClosableChartRenderer } from '../../src/charts';

/** The chart renderers this file made, each closed after it: an idle one's worker would outlive the file. */
const renderers: ClosableChartRenderer[] = [];
afterAll(() => Promise.all(renderers.splice(0).map((renderer) => renderer.close())));

/** A chart renderer closed after the file. */
export function chartRenderer(): ClosableChartRenderer {
  const renderer = createChartRenderer();
  renderers.push(renderer);
  return renderer;
}
