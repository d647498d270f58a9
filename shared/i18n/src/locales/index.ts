import * as ptBR from './pt-BR';
import * as enUS from './en-US';
import * as esES from './es-ES';
import * as frFR from './fr-FR';
import * as htHT from './ht-HT';

/** Every namespace of the shell in every locale (for tests and the types; the app fetches them per language, ./load). */
export const resources = {
  'pt-BR': { common: ptBR.common, errors: ptBR.errors, auth: ptBR.auth, chrome: ptBR.chrome },
  'en-US': { common: enUS.common, errors: enUS.errors, auth: enUS.auth, chrome: enUS.chrome },
  'es-ES': { common: esES.common, errors: esES.errors, auth: esES.auth, chrome: esES.chrome },
  'fr-FR': { common: frFR.common, errors: frFR.errors, auth: frFR.auth, chrome: frFR.chrome },
  'ht-HT': { common: htHT.common, errors: htHT.errors, auth: htHT.auth, chrome: htHT.chrome },
};

/** The full tree of the default locale: the shape every key lives in. */
export type VitrineResources = (typeof resources)['pt-BR'];
