import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { Button, Divider, Tooltip } from 'antd';
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import CodeOutlined from '@ant-design/icons/CodeOutlined';
import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/StrikethroughOutlined';
import UnderlineOutlined from '@ant-design/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import type { Image as UploadedImage } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { uploadImage } from '../../../api/uploads';
import { useFeedback } from '../../../lib/use-feedback';
import { LinkDialog } from './link-dialog';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder: string;
  invalid?: boolean;
  id?: string;
}

/** The editor's HTML, or '' when it holds nothing (so 'content is required' can tell). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * The article body: TipTap with headings H2/H3, bold, italic, underline,
 * strike, lists, link (validated URL), quote, code block, inline code and
 * images sent to the upload API. Controlled: `value` in, HTML out.
 */
export function RichTextEditor({ value = '', onChange, placeholder, invalid, id }: RichTextEditorProps) {
  const { t } = useTranslation('admin');
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image,
      Placeholder.configure({ placeholder }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { class: 'vt-prose vt-editor__content', 'aria-label': t('articles.fields.content'), ...(id && { id }) } },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value from outside (the loaded article, a restored revision) replaces the document.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [value, editor]);

  return (
    <div className={`vt-editor${invalid ? ' vt-editor--invalid' : ''}`} data-testid="rich-text-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });

  const chain = () => editor.chain().focus();
  const tool = (key: string, label: string, active: boolean, run: () => void, icon?: ReactNode, text?: string) => (
    <Tooltip title={label} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        ghost={active}
        icon={icon}
        // A button showing text (H2) is named by it first, so voice control users can say what they see.
        aria-label={text ? `${text} ${label}` : label}
        aria-pressed={active}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      >
        {text}
      </Button>
    </Tooltip>
  );

  const insertImage = async (file: File) => {
    setUploading(true);
    try {
      const image: UploadedImage = await uploadImage(file);
      chain().setImage({ src: image.url, alt: image.alt ?? '' }).run();
    } catch (error) {
      fail(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="vt-editor__toolbar" role="toolbar" aria-label={t('compose.toolbar.label')}>
      {tool('h2', t('compose.toolbar.heading2'), state.h2, () => chain().toggleHeading({ level: 2 }).run(), undefined, 'H2')}
      {tool('h3', t('compose.toolbar.heading3'), state.h3, () => chain().toggleHeading({ level: 3 }).run(), undefined, 'H3')}
      <Divider orientation="vertical" />
      {tool('bold', t('compose.toolbar.bold'), state.bold, () => chain().toggleBold().run(), <BoldOutlined />)}
      {tool('italic', t('compose.toolbar.italic'), state.italic, () => chain().toggleItalic().run(), <ItalicOutlined />)}
      {tool('underline', t('compose.toolbar.underline'), state.underline, () => chain().toggleUnderline().run(), <UnderlineOutlined />)}
      {tool('strike', t('compose.toolbar.strike'), state.strike, () => chain().toggleStrike().run(), <StrikethroughOutlined />)}
      {tool('code', t('compose.toolbar.code'), state.code, () => chain().toggleCode().run(), <CodeOutlined />)}
      <Divider orientation="vertical" />
      {tool('ul', t('compose.toolbar.bulletList'), state.bulletList, () => chain().toggleBulletList().run(), <UnorderedListOutlined />)}
      {tool('ol', t('compose.toolbar.orderedList'), state.orderedList, () => chain().toggleOrderedList().run(), <OrderedListOutlined />)}
      {tool('quote', t('compose.toolbar.blockquote'), state.blockquote, () => chain().toggleBlockquote().run(), undefined, '“ ”')}
      {tool('codeBlock', t('compose.toolbar.codeBlock'), state.codeBlock, () => chain().toggleCodeBlock().run(), undefined, '{ }')}
      <Divider orientation="vertical" />
      {tool('link', t('compose.toolbar.link'), state.link, () => setLinkOpen(true), <LinkOutlined />)}
      {state.link && tool('unlink', t('compose.toolbar.unlink'), false, () => chain().extendMarkRange('link').unsetLink().run(), <DisconnectOutlined />)}
      <Tooltip title={t('compose.toolbar.image')}>
        <Button
          size="small"
          type="text"
          icon={<PictureOutlined />}
          aria-label={t('compose.toolbar.image')}
          loading={uploading}
          onClick={() => fileInput.current?.click()}
        />
      </Tooltip>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        style={{ display: 'none' }}
        data-testid="editor-image-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insertImage(file);
        }}
      />
      <Divider orientation="vertical" />
      {tool('undo', t('compose.toolbar.undo'), false, () => chain().undo().run(), <UndoOutlined />)}
      {tool('redo', t('compose.toolbar.redo'), false, () => chain().redo().run(), <RedoOutlined />)}
      <LinkDialog
        open={linkOpen}
        initialUrl={state.href}
        onCancel={() => setLinkOpen(false)}
        onSubmit={(href) => {
          setLinkOpen(false);
          chain().extendMarkRange('link').setLink({ href }).run();
        }}
      />
    </div>
  );
}
