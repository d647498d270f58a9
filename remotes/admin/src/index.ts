// Standalone development entry only; the shell loads ./pages through Module Federation.
import('./bootstrap');
