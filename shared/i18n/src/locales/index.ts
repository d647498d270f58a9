import * as ptBR from './pt-BR';
import * as enUS from './en-US';
import { common as esES } from './es-ES/common';
import { common as frFR } from './fr-FR/common';
import { common as htHT } from './ht-HT/common';

/** Every namespace of the shell in every locale, bundled (a few KiB gzip). es/fr/ht only hold common.notifications. */
export const resources = {
  'pt-BR': { common: ptBR.common, errors: ptBR.errors, auth: ptBR.auth, chrome: ptBR.chrome },
  'en-US': { common: enUS.common, errors: enUS.errors, auth: enUS.auth, chrome: enUS.chrome },
  'es-ES': { common: esES },
  'fr-FR': { common: frFR },
  'ht-HT': { common: htHT },
};

/** The full tree of the default locale: the shape every key lives in. */
export type VitrineResources = (typeof resources)['pt-BR'];
