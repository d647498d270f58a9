// The site's base styles and the public chrome's are a stylesheet the HTML links (no shift while the code
// loads, and a server-rendered page is styled before any script runs).
import '@vitrine/ui/src/styles.css';
import './layouts/layouts.css';

// Module Federation: the entry only starts the async bootstrap so shared singletons negotiate first.
import('./bootstrap');
