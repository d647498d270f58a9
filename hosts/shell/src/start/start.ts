// The shell's starter, as the browser runs it (`start.js`; what it does: ./starter.ts).
import { installStarter } from './starter';

installStarter(document.currentScript as HTMLScriptElement | null);
