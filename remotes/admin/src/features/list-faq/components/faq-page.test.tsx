import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAQ_SUCCESS_MESSAGES, type FaqCreateInput, type FaqEntry, type FaqUpdateInput } from '@vitrine/contracts';
import { loadTexts, setLanguage } from '@vitrine/core';
import { slugify } from '@vitrine/utils';
import { makeFaqEntry } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { FaqPage } from './faq-page';

const price = makeFaqEntry();
const trial = makeFaqEntry({ id: 2, slug: 'tem-teste-gratis', question: 'Tem teste grátis?', answer: 'Sim, 30 dias.', position: 1, active: false });
const pay = makeFaqEntry({ id: 3, product: 'Vitrine Ágil', slug: 'como-pago', question: 'Como pago?', answer: 'Com Pix ou cartão de crédito.', position: 0 });

/** The API as built, over a list it changes: POST adds (slug from the question), PUT changes what it gets, DELETE removes. */
function server(initial: FaqEntry[] = [price, trial, pay], options: { create?: (body: FaqCreateInput) => HttpReply | undefined } = {}) {
  let entries = [...initial];
  let nextId = 10;
  return mockHttp((call: HttpCall) => {
    if (call.url === '/faq/entries') return ok(entries);
    if (call.url === '/faq/entry' && call.method === 'POST') {
      const body = call.body as FaqCreateInput;
      const refused = options.create?.(body);
      if (refused) return refused;
      const entry: FaqEntry = {
        id: nextId++,
        slug: slugify(body.question),
        position: 0,
        active: true,
        ...body,
        product_names: body.product_names ?? {},
        questions: body.questions ?? {},
        answers: body.answers ?? {},
      };
      entries = [...entries, entry];
      return { status: 201, data: { data: entry, message: FAQ_SUCCESS_MESSAGES.CREATED } };
    }
    const id = Number(/^\/faq\/entry\/(\d+)$/.exec(call.url)?.[1]);
    const current = entries.find((e) => e.id === id);
    if (current && call.method === 'PUT') {
      const entry = { ...current, ...(call.body as FaqUpdateInput) };
      entries = entries.map((e) => (e.id === id ? entry : e));
      return { status: 200, data: { data: entry, message: FAQ_SUCCESS_MESSAGES.UPDATED } };
    }
    if (current && call.method === 'DELETE') {
      entries = entries.filter((e) => e.id !== id);
      return { status: 200, data: { message: FAQ_SUCCESS_MESSAGES.DELETED } };
    }
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

const PATH = '/admin/list-faq';
const open = (entry = PATH) => renderPage(PATH, <FaqPage />, entry);
const writes = (calls: HttpCall[]) => calls.filter((c) => c.method !== 'GET');
const rowOf = (question: string) => screen.getByText(question).closest('li')!;
const groupOf = (product: string) => screen.getByText(product, { selector: '.vt-faq-admin__product' }).closest('.ant-collapse-item') as HTMLElement;
const questionsIn = (group: HTMLElement) => within(group).queryAllByTestId('faq-entry').map((row) => row.querySelector('strong')!.textContent);

describe('list-faq', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => http.restore());

  it('lists the questions by product, in position order, each with its answer, visibility and link on the site', async () => {
    http = server();
    open();
    await screen.findByText('Quanto custa?');
    expect(screen.getAllByText(/^(RC Sistem I|Vitrine Ágil)$/, { selector: '.vt-faq-admin__product' }).map((el) => el.textContent)).toEqual([
      'RC Sistem I',
      'Vitrine Ágil',
    ]);
    const rc = groupOf('RC Sistem I');
    expect(questionsIn(rc)).toEqual(['Quanto custa?', 'Tem teste grátis?']);
    expect(within(rc).getByText('2 perguntas')).toBeInTheDocument();
    expect(within(rc).getByText('1 oculta')).toBeInTheDocument();
    expect(questionsIn(groupOf('Vitrine Ágil'))).toEqual(['Como pago?']);
    expect(screen.getByTestId('faq-summary')).toHaveTextContent('3 perguntas');

    const row = rowOf('Quanto custa?');
    expect(within(row).getByText('Há três planos, a partir de R$ 99 por mês. O primeiro mês é grátis.')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Visível no site: Quanto custa?' })).toBeChecked();
    const link = within(row).getByRole('link', { name: /Ver no site/ });
    expect(link).toHaveAttribute('href', '/faq/rc-sistem-i#quanto-custa');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(rowOf('Como pago?')).getByRole('link', { name: /Ver no site/ })).toHaveAttribute('href', '/faq/vitrine-agil#como-pago');

    const hidden = rowOf('Tem teste grátis?');
    expect(within(hidden).getByRole('switch', { name: 'Visível no site: Tem teste grátis?' })).not.toBeChecked();
    expect(within(hidden).getByText('Oculta no site')).toBeInTheDocument();
    expect(within(hidden).queryByRole('link')).not.toBeInTheDocument();
  });

  it('creates a question: checks the fields, posts them and shows it in its product', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Quanto custa?');
    await user.click(screen.getByRole('button', { name: /Nova pergunta/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Texto simples. Separe os parágrafos com uma linha em branco.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe o produto.')).toBeInTheDocument();
    expect(within(dialog).getByText('Escreva a pergunta.')).toBeInTheDocument();
    expect(within(dialog).getByText('Escreva a resposta.')).toBeInTheDocument();
    expect(writes(http.calls)).toEqual([]);

    // the products in use are offered, a new one can be typed
    const product = within(dialog).getByLabelText('Produto');
    await user.type(product, 'vitr');
    expect(await screen.findByTitle('Vitrine Ágil')).toBeInTheDocument();
    await user.clear(product);
    await user.type(product, 'Vitrine Ágil');
    await user.type(within(dialog).getByLabelText('Pergunta'), '  Aceita boleto? ');
    await user.type(within(dialog).getByLabelText('Resposta'), 'Sim.{Enter}{Enter}Compensa em até 3 dias úteis.');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(writes(http.calls).map((c) => [c.method, c.url, c.body])).toEqual([
        [
          'POST',
          '/faq/entry',
          // after the product's last question (position 0)
          { product: 'Vitrine Ágil', question: 'Aceita boleto?', answer: 'Sim.\n\nCompensa em até 3 dias úteis.', position: 1, active: true },
        ],
      ]),
    );
    expect(await screen.findByText('Pergunta criada.')).toBeInTheDocument();
    await waitFor(() => expect(questionsIn(groupOf('Vitrine Ágil'))).toEqual(['Como pago?', 'Aceita boleto?']));
    expect(within(rowOf('Aceita boleto?')).getByRole('link', { name: /Ver no site/ })).toHaveAttribute('href', '/faq/vitrine-agil#aceita-boleto');
  });

  it("shows the server's field errors on their fields", async () => {
    http = server(undefined, {
      create: () => ({
        status: 400,
        data: {
          error: true,
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Validation failed',
          errors: [
            { property: 'question', message: { isNotEmpty: 'question is required' } },
            { property: 'answer', message: { maxLength: 'answer must be shorter than or equal to 4000 characters' } },
          ],
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Quanto custa?');
    await user.click(screen.getByRole('button', { name: /Nova pergunta/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Produto'), 'Outro');
    await user.type(within(dialog).getByLabelText('Pergunta'), 'Pergunta?');
    await user.type(within(dialog).getByLabelText('Resposta'), 'Resposta.');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await within(dialog).findByText('Escreva a pergunta.')).toBeInTheDocument();
    expect(within(dialog).getByText('answer must be shorter than or equal to 4000 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Pergunta')).toHaveValue('Pergunta?');
    expect(screen.queryByText('Pergunta criada.')).not.toBeInTheDocument();
  });

  it('edits a question, sending only what changed (its link stays)', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(within(await screen.findByText('Como pago?').then((el) => el.closest('li')!)).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Editar pergunta')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Produto')).toHaveValue('Vitrine Ágil');
    expect(within(dialog).getByLabelText('Resposta')).toHaveValue('Com Pix ou cartão de crédito.');
    expect(within(dialog).getByText(/Link da resposta: \/faq\/vitrine-agil#como-pago\./)).toBeInTheDocument();

    const question = within(dialog).getByLabelText('Pergunta');
    await user.clear(question);
    await user.type(question, 'Como posso pagar?');
    const position = within(dialog).getByLabelText('Posição');
    await user.clear(position);
    await user.type(position, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(writes(http.calls).map((c) => [c.method, c.url, c.body])).toEqual([['PUT', '/faq/entry/3', { question: 'Como posso pagar?', position: 4 }]]),
    );
    expect(await screen.findByText('Pergunta atualizada.')).toBeInTheDocument();
    const row = await waitFor(() => rowOf('Como posso pagar?'));
    expect(within(row).getByRole('link', { name: /Ver no site/ })).toHaveAttribute('href', '/faq/vitrine-agil#como-pago');
    expect(screen.queryByText('Como pago?')).not.toBeInTheDocument();
  });

  it('shows or hides a question on the site at once', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Tem teste grátis?');
    await user.click(screen.getByRole('switch', { name: 'Visível no site: Tem teste grátis?' }));

    await waitFor(() => expect(writes(http.calls).map((c) => [c.method, c.url, c.body])).toEqual([['PUT', '/faq/entry/2', { active: true }]]));
    expect(await screen.findByText('A pergunta agora aparece no site.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Visível no site: Tem teste grátis?' })).toBeChecked());
    expect(within(rowOf('Tem teste grátis?')).getByRole('link', { name: /Ver no site/ })).toHaveAttribute('href', '/faq/rc-sistem-i#tem-teste-gratis');
    expect(within(groupOf('RC Sistem I')).queryByText('1 oculta')).not.toBeInTheDocument();
  });

  it('deletes a question only after confirmation', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Quanto custa?');
    await user.click(within(rowOf('Quanto custa?')).getByRole('button', { name: 'Excluir' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Deseja excluir a pergunta “Quanto custa\?”\?/)).toBeInTheDocument();
    expect(writes(http.calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(writes(http.calls).map((c) => [c.method, c.url])).toEqual([['DELETE', '/faq/entry/1']]));
    expect(await screen.findByText('Pergunta excluída.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Quanto custa?')).not.toBeInTheDocument());
    expect(questionsIn(groupOf('RC Sistem I'))).toEqual(['Tem teste grátis?']);
  });

  it('filters by the search (without accents, kept in the URL), and says when nothing matches', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await screen.findByText('Quanto custa?');
    const search = screen.getByRole('searchbox', { name: 'Buscar por pergunta, resposta ou produto' });
    await user.type(search, 'credito');

    await waitFor(() => expect(screen.queryByText('Quanto custa?')).not.toBeInTheDocument());
    expect(screen.getByText('Como pago?')).toBeInTheDocument();
    expect(screen.queryByText('RC Sistem I', { selector: '.vt-faq-admin__product' })).not.toBeInTheDocument();
    expect(screen.getByTestId('faq-summary')).toHaveTextContent('1 de 3 perguntas');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('credito');

    await user.clear(search);
    await user.type(search, 'boleto');
    const none = await screen.findByTestId('faq-no-match');
    expect(none).toHaveTextContent('Nenhuma pergunta encontrada para “boleto”');
    await user.click(within(none).getByRole('button', { name: 'Limpar busca' }));
    expect(await screen.findByText('Quanto custa?')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    // only the list was ever asked for
    expect(http.calls.map((c) => c.url)).toEqual(['/faq/entries']);
  });

  it('opens with the search the URL holds', async () => {
    http = server();
    open(`${PATH}?q=gr%C3%A1tis`);
    expect(await screen.findByText('Tem teste grátis?')).toBeInTheDocument();
    expect(screen.queryByText('Como pago?')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar por pergunta, resposta ou produto' })).toHaveValue('grátis');
  });

  it('shows the empty state with the create button, and a failed load with Retry', async () => {
    let fail = true;
    http = mockHttp(() => (fail ? { status: 500, data: { error: true, statusCode: 500, code: 'INTERNAL_ERROR', message: 'Boom' } } : ok([])));
    const user = userEvent.setup({ delay: null });
    open();
    const error = await screen.findByTestId('faq-error');
    expect(error).toHaveTextContent('Não foi possível carregar as perguntas.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    const empty = await screen.findByTestId('faq-empty');
    expect(empty).toHaveTextContent('Nenhuma pergunta ainda');
    await user.click(within(empty).getByRole('button', { name: /Nova pergunta/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Nova pergunta');
  });

  describe('in the other languages', () => {
    const translated = makeFaqEntry({
      product_names: { 'en-US': 'RC System One' },
      questions: { 'en-US': 'How much does it cost?' },
      answers: { 'en-US': 'Three plans, from R$ 99 a month.' },
    });
    const tabOf = (dialog: HTMLElement, language: string) => within(dialog).getByRole('tab', { name: language });
    const editOf = async (user: ReturnType<typeof userEvent.setup>, question: string) => {
      await user.click(within(await screen.findByText(question).then((el) => el.closest('li')!)).getByRole('button', { name: 'Editar' }));
      return screen.findByRole('dialog');
    };

    it('edits the product, question and answer in a tab per language (the pt-BR text as placeholder), sending only what changed', async () => {
      http = server([translated, trial, pay]);
      const user = userEvent.setup({ delay: null });
      open();
      const dialog = await editOf(user, 'Quanto custa?');
      const section = within(dialog).getByTestId('faq-translations');
      expect(section).toHaveTextContent('Em outros idiomas');
      expect(tabOf(dialog, 'English (US)')).toHaveAttribute('aria-selected', 'true');
      await waitFor(() => expect(within(dialog).getByLabelText('Pergunta em English (US)')).toHaveValue('How much does it cost?'));
      expect(within(dialog).getByLabelText('Resposta em English (US)')).toHaveValue('Three plans, from R$ 99 a month.');
      expect(within(dialog).getByLabelText('Produto em English (US)')).toHaveValue('RC System One');
      expect(within(dialog).getByLabelText('Pergunta em Français')).toHaveAttribute('placeholder', 'Quanto custa?');

      await user.click(tabOf(dialog, 'Français'));
      await user.type(within(dialog).getByLabelText('Pergunta em Français'), ' Combien ça coûte ? ');
      await user.type(within(dialog).getByLabelText('Resposta em Français'), 'Trois formules.');
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() =>
        expect(writes(http.calls).map((c) => [c.method, c.url, c.body])).toEqual([
          [
            'PUT',
            '/faq/entry/1',
            {
              questions: { 'en-US': 'How much does it cost?', 'fr-FR': 'Combien ça coûte ?' },
              answers: { 'en-US': 'Three plans, from R$ 99 a month.', 'fr-FR': 'Trois formules.' },
            },
          ],
        ]),
      );
    });

    it('asks for the answer of a translated question (and the reverse) before sending, on that language’s tab', async () => {
      http = server([translated, trial, pay]);
      const user = userEvent.setup({ delay: null });
      open();
      const dialog = await editOf(user, 'Quanto custa?');
      await user.click(tabOf(dialog, 'Español'));
      await user.type(within(dialog).getByLabelText('Pergunta em Español'), '¿Cuánto cuesta?');
      await user.click(tabOf(dialog, 'Kreyòl ayisyen'));
      await user.type(within(dialog).getByLabelText('Resposta em Kreyòl ayisyen'), 'Twa plan.');
      await user.click(tabOf(dialog, 'English (US)'));
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

      await waitFor(() => expect(tabOf(dialog, 'Español')).toHaveAttribute('aria-selected', 'true'));
      expect(within(dialog).getByLabelText('Resposta em Español').closest('.ant-form-item')).toHaveTextContent('Escreva a resposta neste idioma: a pergunta já está traduzida.');
      expect(within(dialog).getByLabelText('Pergunta em Kreyòl ayisyen').closest('.ant-form-item')).toHaveTextContent(
        'Escreva a pergunta neste idioma: a resposta já está traduzida.',
      );
      expect(writes(http.calls)).toEqual([]);
    });

    it('a new question takes its product’s names in the other languages; another product, its own (none for a new one)', async () => {
      const second = makeFaqEntry({ id: 4, slug: 'tem-app', question: 'Tem app?', answer: 'Sim.', position: 2, product_names: { 'en-US': 'RC System One' } });
      http = server([makeFaqEntry(), second, pay]);
      const user = userEvent.setup({ delay: null });
      open();
      await screen.findByText('Quanto custa?');
      await user.click(screen.getByRole('button', { name: 'Adicionar pergunta em RC Sistem I' }));
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(within(dialog).getByLabelText('Produto em English (US)')).toHaveValue('RC System One'));

      const product = within(dialog).getByLabelText('Produto');
      await user.clear(product);
      await user.type(product, 'Vitrine Ágil');
      expect(within(dialog).getByLabelText('Produto em English (US)')).toHaveValue('');
      await user.clear(product);
      await user.type(product, 'RC Sistem I');
      expect(within(dialog).getByLabelText('Produto em English (US)')).toHaveValue('RC System One');
      // One tab per language, each saying the product's name is the product's.
      expect(within(dialog).getAllByText('Vale para todas as perguntas deste produto.')).toHaveLength(4);

      await user.type(within(dialog).getByLabelText('Pergunta'), 'Funciona offline?');
      await user.type(within(dialog).getByLabelText('Resposta'), 'Não.');
      await user.type(within(dialog).getByLabelText('Pergunta em English (US)'), 'Does it work offline?');
      await user.type(within(dialog).getByLabelText('Resposta em English (US)'), 'No.');
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() =>
        expect(writes(http.calls).map((c) => c.body)).toEqual([
          {
            product: 'RC Sistem I',
            question: 'Funciona offline?',
            answer: 'Não.',
            position: 3,
            active: true,
            product_names: { 'en-US': 'RC System One' },
            questions: { 'en-US': 'Does it work offline?' },
            answers: { 'en-US': 'No.' },
          },
        ]),
      );
    });

    it("shows the server's refusal of a translation on its field and tab, in the interface language", async () => {
      http = server(undefined, {
        create: () => ({
          status: 400,
          data: {
            error: true,
            statusCode: 400,
            code: 'VALIDATION_ERROR',
            message: 'Validation failed',
            errors: [
              { property: 'answers.fr-FR', message: { isNotEmpty: 'A translated question needs its answer in the same language' } },
              { property: 'questions.fr-FR', message: { maxLength: 'must NOT have more than 200 characters' } },
            ],
          },
        }),
      });
      await setLanguage('ht-HT');
      await loadTexts(['admin']);
      try {
        const user = userEvent.setup({ delay: null });
        open();
        await screen.findByText('Quanto custa?');
        await user.click(screen.getByRole('button', { name: /Nouvo kesyon/ }));
        const dialog = await screen.findByRole('dialog');
        await user.type(within(dialog).getByLabelText('Pwodui'), 'Lòt');
        await user.type(within(dialog).getByLabelText('Kesyon'), 'Kesyon?');
        await user.type(within(dialog).getByLabelText('Repons'), 'Repons.');
        await user.click(within(dialog).getByRole('button', { name: 'Anrejistre' }));
        await waitFor(() => expect(tabOf(dialog, 'Français')).toHaveAttribute('aria-selected', 'true'));
        expect(within(dialog).getByLabelText('Repons an Français').closest('.ant-form-item')).toHaveTextContent('Ekri repons lan nan lang sa a: kesyon an deja tradui.');
        expect(within(dialog).getByLabelText('Kesyon an Français').closest('.ant-form-item')).toHaveTextContent('200');
      } finally {
        await setLanguage('pt-BR');
      }
    });
  });
});
