/** The analysis board (placeholder: being built). */

import type { AnalysisSource } from '../app/router.js';
import type { ScreenProps } from '../app/screen.js';

export function AnalysisScreen({ t }: ScreenProps & { readonly source: AnalysisSource }) {
  return <section class="screen notice">{t.analysisTitle}</section>;
}
