import { buildPath, PUBLIC_ROUTES } from '@vitrine/contracts';

/** The product's name: a brand, the same in every language. */
export const PRODUCT_NAME = 'RC Sistem I';

/** The product's questions on the FAQ page (its product key there). */
export const PRODUCT_FAQ = buildPath(PUBLIC_ROUTES.faq, { product: 'rc-sistem-i' });

/** The feature cards, in order (texts under landing:features.<key>). */
export const FEATURES = ['sales', 'stock', 'finance', 'service', 'mobile', 'cloud'] as const;

/** The contact form with its subject filled in (the contact page reads ?subject=). */
export const demoHref = (subject: string) => `${PUBLIC_ROUTES.contact}?subject=${encodeURIComponent(subject)}`;
