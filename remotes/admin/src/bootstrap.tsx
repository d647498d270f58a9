import { renderStandalone } from '@vitrine/core/standalone';
import '@vitrine/ui/src/styles.css';
import { pages } from './pages';

// Standalone development only; the shell loads ./pages through Module Federation.
void renderStandalone(pages);
