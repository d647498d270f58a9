-- Translated content, part two (docs/decisions/i18n.md, "Translated content"): category descriptions and the FAQ in the
-- five languages, as migration 017 did for category names. The pt-BR text stays in its column; the four other
-- languages go in a jsonb beside it ({ "en-US": …, "es-ES": …, "fr-FR": …, "ht-HT": … }), each optional; a language
-- missing from it falls back to the pt-BR text. The audit trigger of migration 013 records the new columns like any other.

-- Categories: `descriptions` beside `description`.
ALTER TABLE categories ADD COLUMN descriptions jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE categories ADD CONSTRAINT categories_descriptions_object CHECK (jsonb_typeof(descriptions) = 'object');

-- FAQ entries: `product_names` (the product's name; the same on every entry of the product), `questions`, `answers`.
ALTER TABLE faq_entries
  ADD COLUMN product_names jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN questions jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN answers jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE faq_entries ADD CONSTRAINT faq_entries_translations_objects
  CHECK (jsonb_typeof(product_names) = 'object' AND jsonb_typeof(questions) = 'object' AND jsonb_typeof(answers) = 'object');

-- The demo categories' descriptions (DEMO_CATEGORIES in seed-content.ts), translated. Matched by key and by the seeded
-- pt-BR description: a description the company rewrote (or a category it made under the same key) is left alone, and
-- so is one already translated.
UPDATE categories c
SET descriptions = t.descriptions::jsonb
FROM (VALUES
  ('tecnologia', 'Ferramentas, dados e software que mudam a rotina das empresas.',
   '{"en-US": "Tools, data and software that change how businesses work every day.", "es-ES": "Herramientas, datos y software que cambian el día a día de las empresas.", "fr-FR": "Des outils, des données et des logiciels qui changent le quotidien des entreprises.", "ht-HT": "Zouti, done ak lojisyèl ki chanje woutin antrepriz yo."}'),
  ('design', 'Interfaces, marcas e experiências pensadas para as pessoas.',
   '{"en-US": "Interfaces, brands and experiences designed for people.", "es-ES": "Interfaces, marcas y experiencias pensadas para las personas.", "fr-FR": "Des interfaces, des marques et des expériences pensées pour les personnes.", "ht-HT": "Entèfas, mak ak eksperyans ki fèt pou moun."}'),
  ('marketing', 'Conteúdo, campanhas e relacionamento com clientes.',
   '{"en-US": "Content, campaigns and customer relationships.", "es-ES": "Contenido, campañas y relación con los clientes.", "fr-FR": "Contenu, campagnes et relation client.", "ht-HT": "Kontni, kanpay ak relasyon ak kliyan yo."}'),
  ('comercio', 'Vendas, varejo e comércio eletrônico na prática.',
   '{"en-US": "Sales, retail and e-commerce in practice.", "es-ES": "Ventas, comercio minorista y comercio electrónico en la práctica.", "fr-FR": "Vente, commerce de détail et e-commerce en pratique.", "ht-HT": "Lavant, komès an detay ak komès sou entènèt, nan pratik."}'),
  ('recursos-humanos', 'Pessoas, cultura, carreira e bem-estar no trabalho.',
   '{"en-US": "People, culture, careers and well-being at work.", "es-ES": "Personas, cultura, carrera profesional y bienestar en el trabajo.", "fr-FR": "Personnes, culture, carrière et bien-être au travail.", "ht-HT": "Moun, kilti, karyè ak byennèt nan travay."}'),
  ('inovacao', 'Novos modelos de negócio, experimentos e tendências.',
   '{"en-US": "New business models, experiments and trends.", "es-ES": "Nuevos modelos de negocio, experimentos y tendencias.", "fr-FR": "Nouveaux modèles économiques, expérimentations et tendances.", "ht-HT": "Nouvo modèl biznis, eksperimantasyon ak tandans."}')
) AS t(unique_key, description, descriptions)
WHERE c.unique_key = t.unique_key AND c.description = t.description AND c.descriptions = '{}'::jsonb;

-- The demo FAQ (DEMO_FAQ in seed-audience.ts), translated. Matched by slug and by the seeded pt-BR product, question and
-- answer: an entry staff changed in any of them (or made under the same slug) is left alone, whole.
UPDATE faq_entries f
SET product_names = t.product_names::jsonb, questions = t.questions::jsonb, answers = t.answers::jsonb
FROM (VALUES
  ('o-que-e-o-rc-sistem-i', 'RC Sistem I', 'O que é o RC Sistem I?',
   'O RC Sistem I é o sistema de gestão da Vitrine para pequenas e médias empresas: vendas, estoque, financeiro e atendimento em um só lugar, no navegador e no celular.',
   '{}',
   '{"en-US": "What is RC Sistem I?", "es-ES": "¿Qué es RC Sistem I?", "fr-FR": "Qu’est-ce que RC Sistem I ?", "ht-HT": "Kisa RC Sistem I ye?"}',
   '{"en-US": "RC Sistem I is Vitrine''s management system for small and medium-sized businesses: sales, inventory, finance and customer service in one place, in the browser and on your phone.", "es-ES": "RC Sistem I es el sistema de gestión de Vitrine para pequeñas y medianas empresas: ventas, inventario, finanzas y atención al cliente en un solo lugar, en el navegador y en el móvil.", "fr-FR": "RC Sistem I est le logiciel de gestion de Vitrine pour les petites et moyennes entreprises : ventes, stocks, finances et service client au même endroit, dans le navigateur et sur mobile.", "ht-HT": "RC Sistem I se sistèm jesyon Vitrine pou ti ak mwayen antrepriz: lavant, stòk, finans ak sèvis kliyan nan yon sèl kote, nan navigatè a ak sou telefòn."}'),
  ('preciso-instalar-alguma-coisa', 'RC Sistem I', 'Preciso instalar alguma coisa?',
   'Não. O RC Sistem I roda na nuvem: basta um navegador atualizado. Seus dados ficam em servidores no Brasil, com cópias de segurança diárias.',
   '{}',
   '{"en-US": "Do I need to install anything?", "es-ES": "¿Tengo que instalar algo?", "fr-FR": "Dois-je installer quelque chose ?", "ht-HT": "Èske m bezwen enstale kèk bagay?"}',
   '{"en-US": "No. RC Sistem I runs in the cloud: all you need is an up-to-date browser. Your data is kept on servers in Brazil, with daily backups.", "es-ES": "No. RC Sistem I funciona en la nube: basta con un navegador actualizado. Tus datos se guardan en servidores en Brasil, con copias de seguridad diarias.", "fr-FR": "Non. RC Sistem I fonctionne dans le cloud : un navigateur à jour suffit. Vos données sont hébergées sur des serveurs au Brésil, avec des sauvegardes quotidiennes.", "ht-HT": "Non. RC Sistem I mache nan nyaj la: ou bezwen yon navigatè ki ajou sèlman. Done ou yo sere sou sèvè ki nan Brezil, ak yon kopi sekirite chak jou."}'),
  ('posso-importar-meus-dados', 'RC Sistem I', 'Posso importar meus dados de outro sistema?',
   E'Sim. Importamos clientes, produtos e saldos de planilhas (CSV ou Excel) e dos sistemas mais usados do mercado.\n\nA equipe de implantação acompanha a primeira importação com você.',
   '{}',
   '{"en-US": "Can I import my data from another system?", "es-ES": "¿Puedo importar mis datos de otro sistema?", "fr-FR": "Puis-je importer mes données depuis un autre logiciel ?", "ht-HT": "Èske m ka enpòte done m yo soti nan yon lòt sistèm?"}',
   '{"en-US": "Yes. We import customers, products and balances from spreadsheets (CSV or Excel) and from the most widely used systems on the market.\n\nOur onboarding team goes through the first import with you.", "es-ES": "Sí. Importamos clientes, productos y saldos desde hojas de cálculo (CSV o Excel) y desde los sistemas más usados del mercado.\n\nEl equipo de implantación te acompaña en la primera importación.", "fr-FR": "Oui. Nous importons clients, produits et soldes depuis des tableurs (CSV ou Excel) et depuis les logiciels les plus utilisés du marché.\n\nL’équipe de déploiement vous accompagne lors de la première importation.", "ht-HT": "Wi. Nou enpòte kliyan, pwodui ak balans ki nan fèy kalkil (CSV oswa Excel) ak nan sistèm moun plis itilize sou mache a.\n\nEkip enstalasyon an akonpaye w pandan premye enpòtasyon an."}'),
  ('quanto-custa', 'RC Sistem I', 'Quanto custa?',
   'Os planos são mensais, por número de usuários, sem taxa de implantação. Fale com a gente pelo formulário de contato para receber uma proposta.',
   '{}',
   '{"en-US": "How much does it cost?", "es-ES": "¿Cuánto cuesta?", "fr-FR": "Combien ça coûte ?", "ht-HT": "Konbyen li koute?"}',
   '{"en-US": "Plans are monthly, priced by number of users, with no setup fee. Get in touch through the contact form to receive a proposal.", "es-ES": "Los planes son mensuales, según el número de usuarios, sin cuota de implantación. Escríbenos desde el formulario de contacto para recibir una propuesta.", "fr-FR": "Les formules sont mensuelles, selon le nombre d’utilisateurs, sans frais de mise en service. Écrivez-nous via le formulaire de contact pour recevoir une proposition.", "ht-HT": "Plan yo se pa mwa, selon kantite itilizatè, san frè enstalasyon. Ekri nou nan fòmilè kontak la pou w resevwa yon pwopozisyon."}'),
  ('quanto-tempo-leva-um-site-novo', 'Sites e blog', 'Quanto tempo leva para um site novo ficar pronto?',
   'Um site institucional com blog fica pronto em quatro a seis semanas, contando com a revisão dos textos e das imagens pela sua equipe.',
   '{"en-US": "Websites and blog", "es-ES": "Sitios web y blog", "fr-FR": "Sites web et blog", "ht-HT": "Sit entènèt ak blog"}',
   '{"en-US": "How long does a new website take to be ready?", "es-ES": "¿Cuánto tarda un sitio web nuevo en estar listo?", "fr-FR": "En combien de temps un nouveau site est-il prêt ?", "ht-HT": "Konbyen tan sa pran pou yon nouvo sit entènèt pare?"}',
   '{"en-US": "A company website with a blog is ready in four to six weeks, including your team''s review of the texts and images.", "es-ES": "Un sitio web corporativo con blog está listo en un plazo de cuatro a seis semanas, incluida la revisión de los textos y las imágenes por parte de tu equipo.", "fr-FR": "Un site vitrine avec blog est prêt en quatre à six semaines, relecture des textes et des images par votre équipe comprise.", "ht-HT": "Yon sit entènèt pou antrepriz ak yon blog pare nan kat a sis semèn, ansanm ak tan ekip ou a pran pou revize tèks yo ak imaj yo."}'),
  ('eu-mesmo-posso-publicar-artigos', 'Sites e blog', 'Eu mesmo posso publicar artigos?',
   'Sim. A área administrativa tem um editor de artigos com imagens, categorias, rascunhos e agendamento; qualquer pessoa da equipe com acesso publica em minutos.',
   '{"en-US": "Websites and blog", "es-ES": "Sitios web y blog", "fr-FR": "Sites web et blog", "ht-HT": "Sit entènèt ak blog"}',
   '{"en-US": "Can I publish articles myself?", "es-ES": "¿Puedo publicar artículos yo mismo?", "fr-FR": "Puis-je publier des articles moi-même ?", "ht-HT": "Èske mwen menm ka pibliye atik?"}',
   '{"en-US": "Yes. The admin area has an article editor with images, categories, drafts and scheduling; anyone on your team with access can publish in minutes.", "es-ES": "Sí. El área de administración tiene un editor de artículos con imágenes, categorías, borradores y programación; cualquier persona del equipo con acceso publica en minutos.", "fr-FR": "Oui. L’espace d’administration comprend un éditeur d’articles avec images, catégories, brouillons et programmation ; toute personne de l’équipe qui y a accès publie en quelques minutes.", "ht-HT": "Wi. Espas administrasyon an gen yon editè atik ak imaj, kategori, bouyon ak pwogramasyon; nenpòt moun nan ekip la ki gen aksè ka pibliye nan kèk minit."}'),
  ('com-que-frequencia-a-newsletter-chega', 'Newsletter', 'Com que frequência a newsletter chega?',
   'Uma vez por semana, às segundas-feiras de manhã, com os artigos publicados na semana. Se não houver artigo novo, não enviamos nada.',
   '{"en-US": "Newsletter", "es-ES": "Boletín", "fr-FR": "Newsletter", "ht-HT": "Bilten"}',
   '{"en-US": "How often does the newsletter arrive?", "es-ES": "¿Con qué frecuencia llega el boletín?", "fr-FR": "À quelle fréquence la newsletter arrive-t-elle ?", "ht-HT": "Chak konbyen tan bilten an rive?"}',
   '{"en-US": "Once a week, on Monday mornings, with the articles published that week. If there is no new article, we send nothing.", "es-ES": "Una vez por semana, los lunes por la mañana, con los artículos publicados esa semana. Si no hay ningún artículo nuevo, no enviamos nada.", "fr-FR": "Une fois par semaine, le lundi matin, avec les articles publiés dans la semaine. S’il n’y a pas de nouvel article, nous n’envoyons rien.", "ht-HT": "Yon fwa pa semèn, lendi maten, ak atik ki pibliye pandan semèn nan. Si pa gen nouvo atik, nou pa voye anyen."}'),
  ('como-cancelo-a-inscricao', 'Newsletter', 'Como cancelo a inscrição?',
   'Todo e-mail da newsletter traz um link "Cancelar a inscrição" no rodapé. O cancelamento vale na hora, e você pode voltar quando quiser.',
   '{"en-US": "Newsletter", "es-ES": "Boletín", "fr-FR": "Newsletter", "ht-HT": "Bilten"}',
   '{"en-US": "How do I unsubscribe?", "es-ES": "¿Cómo cancelo la suscripción?", "fr-FR": "Comment me désabonner ?", "ht-HT": "Kijan pou m dezabone?"}',
   '{"en-US": "Every newsletter email has an “Unsubscribe” link in its footer. Unsubscribing takes effect right away, and you can come back whenever you like.", "es-ES": "Todos los correos del boletín llevan un enlace «Cancelar la suscripción» al pie. La baja es inmediata y puedes volver cuando quieras.", "fr-FR": "Chaque e-mail de la newsletter contient un lien « Se désabonner » en bas de page. Le désabonnement prend effet immédiatement, et vous pouvez revenir quand vous le souhaitez.", "ht-HT": "Chak email bilten an gen yon lyen “Dezabone” anba paj la. Dezabònman an fèt touswit, epi ou ka tounen nenpòt lè ou vle."}')
) AS t(slug, product, question, answer, product_names, questions, answers)
WHERE f.slug = t.slug AND f.product = t.product AND f.question = t.question AND f.answer = t.answer
  AND f.product_names = '{}'::jsonb AND f.questions = '{}'::jsonb AND f.answers = '{}'::jsonb;
