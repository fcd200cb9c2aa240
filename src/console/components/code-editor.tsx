import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle, LanguageSupport, LRLanguage, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { parser } from '@lezer/html';
import { useEffect, useRef } from 'react';

// HTML without the CSS and JavaScript nested in <style> and <script>: the sanitiser removes both from a template, and
// leaving their parsers out makes this chunk a third smaller than with @codemirror/lang-html.
const templateHtml = new LanguageSupport(
  LRLanguage.define({
    name: 'html',
    parser,
    languageData: { commentTokens: { block: { open: '<!--', close: '-->' } } },
  }),
);

/**
 * CodeMirror 6 in HTML mode. Tab indents; Escape then Tab leaves the editor (CodeMirror's own escape hatch for
 * keyboard users).
 */
export default function CodeEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          templateHtml,
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label, dir: 'ltr' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once; later values arrive through the effect below.
  }, []);
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);
  return <div ref={host} className="code-editor" dir="ltr" />;
}
