/** The dashboard's only script: the copy button. Served as a file so no inline script is needed. */
export const DASHBOARD_JS = `document.addEventListener('click', async (event) => {
  const button = event.target.closest('button[data-copy]');
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  const status = document.getElementById(button.dataset.status);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    status.textContent = 'Copied to the clipboard.';
  } catch {
    status.textContent = 'Copy failed: select the key and copy it by hand.';
  }
});
`;

export const DASHBOARD_CSS = `:root { font-family: system-ui, sans-serif; line-height: 1.5; color: #1b1b1b; background: #fafaf7; }
body { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 1rem; border-bottom: 1px solid #ccc; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
section { margin: 2rem 0; }
label { display: block; font-weight: 600; margin-top: 0.75rem; }
input[type=email], input[type=password], input[type=text] { font: inherit; padding: 0.4rem; width: min(100%, 24rem); border: 1px solid #767676; border-radius: 4px; }
input.key { font-family: ui-monospace, monospace; width: min(100%, 30rem); }
button { font: inherit; padding: 0.4rem 0.9rem; margin-top: 0.75rem; border-radius: 4px; border: 1px solid #1d4f91; background: #1d4f91; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #1d4f91; }
button.danger { background: #fff; color: #a4161a; border-color: #a4161a; margin: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.4rem 0.6rem; border-bottom: 1px solid #ddd; }
code { font-family: ui-monospace, monospace; }
.notice { padding: 0.75rem 1rem; border-left: 4px solid #1d4f91; background: #eef3fa; }
.error { padding: 0.75rem 1rem; border-left: 4px solid #a4161a; background: #fbeaea; }
.new-key { padding: 1rem; border: 2px solid #b35c00; background: #fff8ef; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.25rem 1.5rem; }
dt { font-weight: 600; }
dd { margin: 0; }
`;
