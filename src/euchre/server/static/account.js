// Log in, sign up, log out; make your page public or private; change the password; delete the account.
import { api } from './web.js';

const $ = (id) => document.getElementById(id);

function show(account) {
  $('out').hidden = Boolean(account);
  $('in').hidden = !account;
  if (account) {
    $('me-name').textContent = account.name;
    $('me-page').href = account.page;
    $('public').checked = account.public;
  }
}

async function send(path) {
  $('error').textContent = '';
  $('notice').textContent = '';
  try {
    const made = await api(path, { method: 'POST', body: { name: $('name').value, password: $('password').value } });
    $('password').value = '';
    show(made.account);
  } catch (e) {
    $('error').textContent = e.message;
  }
}

$('login-form').addEventListener('submit', (e) => { e.preventDefault(); send('/api/login'); });
$('btn-signup').addEventListener('click', () => {
  if ($('login-form').reportValidity()) send('/api/accounts');
});
$('btn-logout').addEventListener('click', async () => {
  await api('/api/logout', { method: 'POST', body: {} });
  show(null);
});
$('public').addEventListener('change', async () => {
  try {
    show((await api('/api/me', { method: 'POST', body: { public: $('public').checked } })).account);
  } catch (e) {
    $('error').textContent = e.message;
  }
});

$('password-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('error').textContent = '';
  $('password-done').textContent = '';
  try {
    show((await api('/api/me/password', { method: 'POST', body: { current: $('current').value, new: $('new').value } })).account);
    $('password-done').textContent = 'Changed.';
  } catch (err) {
    $('error').textContent = err.message;
  }
  $('current').value = '';
  $('new').value = '';
});
$('delete-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('error').textContent = '';
  $('password-done').textContent = '';
  if (!window.confirm('Delete your account for good?')) return;
  try {
    await api('/api/me/delete', { method: 'POST', body: { password: $('delete-password').value } });
    show(null);
    $('name').value = '';
    $('password-done').textContent = '';
    $('notice').textContent = 'Your account was deleted.';
  } catch (err) {
    $('error').textContent = err.message;
  }
  $('delete-password').value = '';
});

api('/api/me').then((me) => show(me.account), (e) => { show(null); $('error').textContent = e.message; });
