-- The spam guard drops nothing any more (docs/decisions/forms-without-js.md): a contact message it doubts is kept,
-- held for the staff's review with the reason (the trap field was filled, or it was sent faster than a person fills
-- the form in); it makes no lead and mails nobody until staff say it is no spam. A message like any has none.
ALTER TABLE messages ADD COLUMN spam_reason text CHECK (spam_reason IN ('honeypot', 'too-fast'));
-- The inbox's filters leave held messages out; the held ones are few and listed newest first.
CREATE INDEX messages_suspected_idx ON messages (created_at DESC, id DESC) WHERE spam_reason IS NOT NULL;

-- What the guard doubted, per day (the company's calendar day), form and reason: staff see the last 30 days. A
-- doubted newsletter sign-up is still mailed its confirmation link (the double opt-in stops robots), so this count
-- is the only trace of the doubt.
CREATE TABLE spam_guard_counts (
  day    date NOT NULL,
  form   text NOT NULL CHECK (form IN ('contact', 'newsletter')),
  reason text NOT NULL CHECK (reason IN ('honeypot', 'too-fast')),
  count  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, form, reason)
);
