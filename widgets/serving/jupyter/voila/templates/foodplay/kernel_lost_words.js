// made by python -m foodplay_widgets.serving.lost_notice: do not edit
window.fpLostWords = {
 "en": {
  "gone": "This page has lost the tutor running on the server: it no longer answers clicks.",
  "notes": "Your notes, even what you type in the note box now, are kept in this browser: reload the page and they come back.",
  "again": "Reload the page to start it again.",
  "reload": "Reload the page"
 },
 "fr": {
  "gone": "Cette page a perdu le tuteur qui tourne sur le serveur : elle ne répond plus aux clics.",
  "notes": "Vos notes, même ce que vous tapez maintenant dans la zone de note, sont gardées dans ce navigateur : rechargez la page et elles reviendront.",
  "again": "Rechargez la page pour la relancer.",
  "reload": "Recharger la page"
 },
 "ko": {
  "gone": "이 페이지와 서버에서 실행되던 튜터의 연결이 끊어졌어요. 이제 클릭해도 반응하지 않아요.",
  "notes": "메모는 지금 메모 칸에 입력하는 내용까지 이 브라우저에 보관돼요. 페이지를 다시 불러오면 돌아와요.",
  "again": "페이지를 다시 불러와 처음부터 시작하세요.",
  "reload": "페이지 다시 불러오기"
 },
 "pt": {
  "gone": "Esta página perdeu o tutor que roda no servidor: ela não responde mais aos cliques.",
  "notes": "Suas notas, até o que você digitar agora na caixa de nota, ficam guardadas neste navegador: recarregue a página e elas voltam.",
  "again": "Recarregue a página para começar de novo.",
  "reload": "Recarregar a página"
 },
 "zh": {
  "gone": "此页面与服务器上运行的导师失去了连接，点击已不再有反应。",
  "notes": "你的说明（包括现在在说明框里输入的内容）都保存在本浏览器中：重新加载页面，它们就会回来。",
  "again": "请重新加载页面，重新开始。",
  "reload": "重新加载页面"
 }
};
