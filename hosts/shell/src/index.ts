// Module Federation: the entry only starts the async bootstrap so shared singletons negotiate first.
import('./bootstrap');
