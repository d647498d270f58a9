-- The welcome mail (docs/decisions/audience.md, "The welcome mail"): sent once when a newsletter subscription is
-- confirmed, in the subscriber's language, with texts staff edit per language in the settings screen. A setting of
-- `site_settings` beside the others (the audit trigger of migration 013 records every change to it, before → after).
-- Off here, on an existing database and a new one alike: nobody starts getting a mail they were not getting until
-- someone on the staff turns it on (the demo's seed does). The texts to start from are written in the five languages;
-- `{site}` is filled in with the site's name when the mail is written. A value already there is left alone.
INSERT INTO site_settings (key, value)
VALUES ('welcome', jsonb_build_object('enabled', false, 'texts', jsonb_build_object(
    'pt-BR', jsonb_build_object('subject', 'Boas-vindas à newsletter de {site}',
      'body', E'Obrigado por confirmar a sua inscrição. A partir de agora, você vai receber toda semana um e-mail com os artigos novos do nosso blog.\n\nEle chega uma vez por semana, e só quando há novidade para ler. Para que não caia no spam, adicione este endereço aos seus contatos.\n\nSe um dia quiser deixar de receber, use o link “Cancelar a inscrição” no fim de qualquer e-mail nosso.\n\nAté breve,\nEquipe {site}'),
    'en-US', jsonb_build_object('subject', 'Welcome to the {site} newsletter',
      'body', E'Thank you for confirming your subscription. From now on, you will get a weekly email with the new articles on our blog.\n\nIt arrives once a week, and only when there is something new to read. To keep it out of your spam folder, add this address to your contacts.\n\nIf you ever want to stop receiving it, use the “Unsubscribe” link at the end of any of our emails.\n\nSee you soon,\nThe {site} team'),
    'es-ES', jsonb_build_object('subject', 'Te damos la bienvenida al boletín de {site}',
      'body', E'Gracias por confirmar tu suscripción. A partir de ahora, recibirás cada semana un correo con los artículos nuevos de nuestro blog.\n\nLlega una vez por semana, y solo cuando hay algo nuevo que leer. Para que no acabe en la carpeta de spam, añade esta dirección a tus contactos.\n\nSi algún día quieres dejar de recibirlo, usa el enlace «Cancelar la suscripción» al final de cualquiera de nuestros correos.\n\nHasta pronto,\nEl equipo de {site}'),
    'fr-FR', jsonb_build_object('subject', 'Bienvenue dans la newsletter de {site}',
      'body', E'Merci d’avoir confirmé votre abonnement. Désormais, vous recevrez chaque semaine un e-mail avec les nouveaux articles de notre blog.\n\nIl arrive une fois par semaine, et seulement quand il y a du nouveau à lire. Pour qu’il ne finisse pas dans vos courriers indésirables, ajoutez cette adresse à vos contacts.\n\nSi vous souhaitez un jour ne plus le recevoir, utilisez le lien « Se désabonner » en bas de n’importe lequel de nos e-mails.\n\nÀ bientôt,\nL’équipe {site}'),
    'ht-HT', jsonb_build_object('subject', 'Byenveni nan bilten {site} la',
      'body', E'Mèsi paske ou konfime abònman ou. Depi kounye a, w ap resevwa yon email chak semèn ak nouvo atik ki sou blog nou an.\n\nLi rive yon fwa pa semèn, epi sèlman lè gen yon bagay nouvo pou li. Pou li pa tonbe nan espam, ajoute adrès sa a nan kontak ou yo.\n\nSi yon jou ou pa vle resevwa l ankò, sèvi ak lyen «Dezabone» ki anba nenpòt email nou voye ba ou.\n\nN a wè byento,\nEkip {site} la')
)))
ON CONFLICT (key) DO NOTHING;
