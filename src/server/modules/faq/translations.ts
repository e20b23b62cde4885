/**
 * The shipped FAQ answers in the nine other languages of the picker (docs/decisions/0064-staff-desk-and-language-fit.md):
 * seeded into faq_entries.translations beside docs/product.md's English. Screen and account names are
 * the ones each language's catalogs show (src/web/locales/<code>/assets.json, support.json, auth.json),
 * so an answer names what the user sees. The recharge answer keeps the address placeholder on its own
 * line: the addresses are filled in at answer time, in every language.
 */
import type { FaqTopic } from '../../../shared/api/support.js';
import { SUPPORT_HOURS } from '../../../shared/constants.js';
import { DEPOSIT_ADDRESSES_PLACEHOLDER } from '../../../shared/api/admin.js';

export type TranslatedLanguage = 'zh' | 'ja' | 'ko' | 'fr' | 'de' | 'es' | 'it' | 'ru' | 'pt';

const addresses = (intro: string) => [intro, DEPOSIT_ADDRESSES_PLACEHOLDER].join('\n');
const H = SUPPORT_HOURS;

export const FAQ_TRANSLATIONS: Record<FaqTopic, Record<TranslatedLanguage, string>> = {
  recharge_address: {
    zh: addresses('以下是平台充值地址。请通过对应网络发送 USDT，然后提交充值申请，填写金额和您的付款地址：'),
    ja: addresses(
      'プラットフォームの入金アドレスは次のとおりです。対応するネットワークで USDT を送金し、金額と送金元アドレスを入力して入金申請を送信してください：',
    ),
    ko: addresses(
      '플랫폼 입금 주소는 다음과 같습니다. 해당 네트워크로 USDT를 보낸 뒤, 금액과 보내는 주소를 입력해 입금 신청을 제출하세요:',
    ),
    fr: addresses(
      'Voici les adresses de dépôt de la plateforme. Envoyez des USDT sur le réseau correspondant, puis soumettez une demande de dépôt avec le montant et votre adresse d’envoi :',
    ),
    de: addresses(
      'Hier sind die Einzahlungsadressen der Plattform. Senden Sie USDT über das passende Netzwerk und reichen Sie dann einen Einzahlungsantrag mit Betrag und Ihrer Absenderadresse ein:',
    ),
    es: addresses(
      'Estas son las direcciones de depósito de la plataforma. Envía USDT por la red correspondiente y después envía una solicitud de depósito con el importe y tu dirección de pago:',
    ),
    it: addresses(
      'Ecco gli indirizzi di deposito della piattaforma. Invia USDT sulla rete corrispondente, poi invia una richiesta di deposito con l’importo e il tuo indirizzo di pagamento:',
    ),
    ru: addresses(
      'Адреса пополнения платформы указаны ниже. Отправьте USDT в соответствующей сети, затем подайте заявку на пополнение с суммой и адресом отправителя:',
    ),
    pt: addresses(
      'Estes são os endereços de depósito da plataforma. Envie USDT pela rede correspondente e depois envie um pedido de depósito com o valor e o seu endereço de pagamento:',
    ),
  },
  balance: {
    zh: '您的余额在“资产”页面，每个账户一个标签：现货（资金账户）、杠杆（杠杆账户）、法币和秒合约（合约账户）。充值审核通过后会显示在资金账户中；在资产详情页可以在账户之间划转。',
    ja: '残高は「資産」ページに口座ごとのタブで表示されます：現物（資金口座）、レバレッジ（レバレッジ口座）、法定通貨、秒契約（契約口座）。入金は承認されると資金口座に表示されます。口座間の振替は資産の詳細ページから行えます。',
    ko: '잔액은 자산 페이지에서 계정별 탭으로 확인할 수 있습니다: 현물(자금 계정), 레버리지(레버리지 계정), 법정화폐, 초 계약(계약 계정). 입금은 승인되면 자금 계정에 표시되며, 계정 간 이체는 자산 상세 페이지에서 할 수 있습니다.',
    fr: 'Vos soldes sont sur la page Actifs, un onglet par compte : Spot (Compte de financement), levier (Compte à effet de levier), monnaie fiduciaire et Seconde (Compte de contrats). Un dépôt apparaît dans le Compte de financement une fois approuvé ; les transferts entre comptes se font depuis la page de détail d’un actif.',
    de: 'Ihre Guthaben finden Sie auf der Seite Vermögen, ein Tab pro Konto: Spot (Finanzierungskonto), Hebel (Hebelkonto), Fiatgeld und Sekunde (Kontraktkonto). Eine Einzahlung erscheint im Finanzierungskonto, sobald sie genehmigt ist; zwischen Konten buchen Sie auf der Detailseite eines Vermögenswerts um.',
    es: 'Tus saldos están en la página Activos, una pestaña por cuenta: Spot (Cuenta de fondos), apalancamiento (Cuenta de apalancamiento), moneda fiat y Segundos (Cuenta de contratos). Un depósito aparece en la Cuenta de fondos cuando se aprueba; transfiere entre cuentas desde la página de detalle de un activo.',
    it: 'I tuoi saldi sono nella pagina Attività, una scheda per conto: Spot (Conto fondi), leva (Conto a leva), valuta fiat e Secondi (Conto contratti). Un deposito compare nel Conto fondi una volta approvato; trasferisci tra i conti dalla pagina di dettaglio di un’attività.',
    ru: 'Ваши балансы — на странице «Активы», по вкладке на каждый счёт: Спот (Основной счёт), плечо (Маржинальный счёт), фиат и Секунды (Контрактный счёт). Пополнение появляется на Основном счёте после одобрения; переводы между счетами — на странице актива.',
    pt: 'Os seus saldos estão na página Ativos, uma aba por conta: Spot (Conta de fundos), alavancagem (Conta alavancada), moeda fiduciária e Segundos (Conta de contratos). Um depósito aparece na Conta de fundos depois de aprovado; transfira entre contas na página de detalhe de um ativo.',
  },
  manual_service: {
    zh: `点击下方的“联系人工客服”与我们的客服团队聊天。服务时间为 ${H}；非服务时间发送的消息将在我们上线后回复。`,
    ja: `下の「オペレーターに接続」をタップすると、サポートチームとチャットできます。対応時間は ${H} です。時間外に送られたメッセージには、対応再開後に返信します。`,
    ko: `아래의 '상담원 연결'을 누르면 고객지원팀과 채팅할 수 있습니다. 운영 시간은 ${H}이며, 운영 시간 외에 보낸 메시지는 운영 재개 후 답변드립니다.`,
    fr: `Touchez « Parler à un conseiller » ci-dessous pour discuter avec notre service client. Horaires : ${H} ; les messages envoyés en dehors de ces horaires reçoivent une réponse à notre retour.`,
    de: `Tippen Sie unten auf „Mit Support-Mitarbeiter verbinden“, um mit unserem Kundenservice zu chatten. Servicezeiten: ${H}; Nachrichten außerhalb dieser Zeiten beantworten wir, sobald wir wieder da sind.`,
    es: `Toca «Hablar con un agente» abajo para chatear con nuestro equipo de atención al cliente. Horario: ${H}; los mensajes enviados fuera de este horario se responden cuando volvemos.`,
    it: `Tocca «Parla con un operatore» qui sotto per chattare con il nostro servizio clienti. Orari: ${H}; ai messaggi inviati fuori orario rispondiamo al nostro rientro.`,
    ru: `Нажмите «Связаться с оператором» ниже, чтобы написать в нашу службу поддержки. Часы работы: ${H}; на сообщения, отправленные в другое время, мы ответим, когда вернёмся.`,
    pt: `Toque em "Falar com um atendente" abaixo para conversar com a nossa equipe de atendimento. Horário: ${H}; mensagens enviadas fora desse horário são respondidas quando voltarmos.`,
  },
  withdraw_recharge: {
    zh: '充值：打开“资产”，选择资金账户并点击充值，输入数量和您的付款地址后提交；申请经审核后入账（最低 50 USDT，1 个确认）。提现：在同一账户点击提现，输入地址、金额和交易密码；最低金额价值 50 USDT，手续费为金额的 1%，需要 6 个确认。',
    ja: '入金：「資産」を開き、資金口座を選んで入金をタップし、数量と送金元アドレスを入力して送信します。申請は審査後に反映されます（最低 50 USDT、1 承認）。出金：同じ口座で出金をタップし、アドレス、金額、取引パスワードを入力します。最低額は 50 USDT 相当、手数料は金額の 1%、6 承認が必要です。',
    ko: '입금: 자산을 열고 자금 계정을 선택한 뒤 입금을 눌러 수량과 보내는 주소를 입력하고 제출하세요. 신청은 심사 후 반영됩니다(최소 50 USDT, 1회 컨펌). 출금: 같은 계정에서 출금을 눌러 주소, 금액, 거래 비밀번호를 입력하세요. 최소 금액은 50 USDT 상당, 수수료는 금액의 1%이며 6회 컨펌이 필요합니다.',
    fr: 'Dépôt : ouvrez Actifs, choisissez le Compte de financement et touchez dépôt, saisissez la quantité et votre adresse d’envoi puis validez ; la demande est créditée après vérification (minimum 50 USDT, 1 confirmation). Retrait : depuis le même compte, touchez retrait, saisissez l’adresse, le montant et votre mot de passe de transaction ; le minimum vaut 50 USDT, les frais sont de 1 % du montant et 6 confirmations sont nécessaires.',
    de: 'Einzahlen: Öffnen Sie Vermögen, wählen Sie das Finanzierungskonto und tippen Sie auf Einzahlung, geben Sie Menge und Absenderadresse ein und senden Sie ab; der Antrag wird nach Prüfung gutgeschrieben (mindestens 50 USDT, 1 Bestätigung). Auszahlen: Tippen Sie im selben Konto auf Auszahlung und geben Sie Adresse, Betrag und Ihr Transaktionspasswort ein; das Minimum entspricht 50 USDT, die Gebühr beträgt 1 % des Betrags, und 6 Bestätigungen sind nötig.',
    es: 'Depósito: abre Activos, elige la Cuenta de fondos y toca depósito, introduce la cantidad y tu dirección de pago y envía; la solicitud se acredita tras su revisión (mínimo 50 USDT, 1 confirmación). Retiro: desde la misma cuenta toca retiro, introduce la dirección, el importe y tu contraseña de transacción; el mínimo equivale a 50 USDT, la comisión es el 1 % del importe y se necesitan 6 confirmaciones.',
    it: 'Deposito: apri Attività, scegli il Conto fondi e tocca deposito, inserisci la quantità e il tuo indirizzo di pagamento e invia; la richiesta viene accreditata dopo la verifica (minimo 50 USDT, 1 conferma). Prelievo: dallo stesso conto tocca prelievo, inserisci l’indirizzo, l’importo e la password di transazione; il minimo vale 50 USDT, la commissione è l’1% dell’importo e servono 6 conferme.',
    ru: 'Пополнение: откройте «Активы», выберите Основной счёт и нажмите «Пополнение», введите количество и адрес отправителя и отправьте заявку; она зачисляется после проверки (минимум 50 USDT, 1 подтверждение). Вывод: на том же счёте нажмите «Вывод», введите адрес, сумму и пароль для транзакций; минимум — эквивалент 50 USDT, комиссия — 1% суммы, нужно 6 подтверждений.',
    pt: 'Depósito: abra Ativos, escolha a Conta de fundos e toque em depósito, informe a quantidade e o seu endereço de pagamento e envie; o pedido é creditado após análise (mínimo de 50 USDT, 1 confirmação). Saque: na mesma conta toque em saque, informe o endereço, o valor e a sua senha de transação; o mínimo equivale a 50 USDT, a taxa é 1% do valor e são necessárias 6 confirmações.',
  },
  forgot_password: {
    zh: '忘记密码？在登录页点击“忘记密码？”，输入您的邮箱，然后用我们发送的验证码设置新密码。如果您已无法访问邮箱，请带上您的唯一 ID 联系客服，我们会协助您找回账户。',
    ja: 'パスワードをお忘れですか？ログイン画面で「パスワードをお忘れですか？」をタップし、メールアドレスを入力して、届いたコードで新しいパスワードを設定してください。メールを受け取れなくなった場合は、固有 ID を添えてカスタマーサポートにご連絡ください。アカウントの復旧をお手伝いします。',
    ko: "비밀번호를 잊으셨나요? 로그인 화면에서 '비밀번호를 잊으셨나요?'를 누르고 이메일을 입력한 뒤, 보내 드린 코드로 새 비밀번호를 설정하세요. 이메일을 더 이상 사용할 수 없다면 고유 ID와 함께 고객지원에 문의해 주세요. 계정 복구를 도와드립니다.",
    fr: 'Mot de passe oublié ? Sur la page de connexion, touchez « Mot de passe oublié ? », saisissez votre e-mail et utilisez le code que nous vous envoyons pour choisir un nouveau mot de passe. Si vous n’avez plus accès à votre boîte mail, contactez le service client avec votre identifiant unique pour que nous vous aidions à récupérer le compte.',
    de: 'Passwort vergessen? Tippen Sie auf der Anmeldeseite auf „Passwort vergessen?“, geben Sie Ihre E-Mail-Adresse ein und legen Sie mit dem Code, den wir Ihnen senden, ein neues Passwort fest. Wenn Sie Ihr Postfach nicht mehr erreichen, wenden Sie sich mit Ihrer eindeutigen ID an den Kundenservice, damit wir Ihnen helfen, das Konto wiederherzustellen.',
    es: '¿Olvidaste tu contraseña? En la página de inicio de sesión toca «¿Olvidaste tu contraseña?», introduce tu correo y usa el código que te enviamos para crear una nueva contraseña. Si ya no puedes acceder a tu correo, contacta con atención al cliente indicando tu ID único para que te ayudemos a recuperar la cuenta.',
    it: 'Password dimenticata? Nella pagina di accesso tocca «Password dimenticata?», inserisci la tua email e usa il codice che ti inviamo per impostare una nuova password. Se non puoi più accedere alla tua casella, contatta l’assistenza clienti con il tuo ID univoco e ti aiuteremo a recuperare l’account.',
    ru: 'Забыли пароль? На странице входа нажмите «Забыли пароль?», введите почту и задайте новый пароль с кодом, который мы пришлём. Если доступа к почте больше нет, напишите в службу поддержки и укажите свой уникальный ID — мы поможем восстановить аккаунт.',
    pt: 'Esqueceu a senha? Na página de login toque em "Esqueceu a senha?", informe o seu e-mail e use o código que enviamos para definir uma nova senha. Se já não consegue acessar o seu e-mail, fale com o atendimento informando o seu ID único para ajudarmos a recuperar a conta.',
  },
  frozen_balance: {
    zh: '冻结余额是为待处理操作（审核中的提现，或仍未平仓的仓位或委托）或风控检查而保留的，在处理完成前无法划转。提现处理完毕或仓位平仓后即恢复可用；如果一直处于冻结状态，请联系客服。',
    ja: '凍結残高は、処理中の操作（審査中の出金、未決済のポジションや注文）またはリスクチェックのために確保されており、完了するまで振替できません。出金が処理されるかポジションが決済されると再び利用可能になります。凍結が続く場合はカスタマーサポートにご連絡ください。',
    ko: '동결된 잔액은 대기 중인 작업(심사 중인 출금, 아직 열려 있는 포지션이나 주문) 또는 리스크 점검을 위해 보류된 금액으로, 처리될 때까지 이체할 수 없습니다. 출금이 처리되거나 포지션이 청산되면 다시 사용할 수 있으며, 계속 동결되어 있다면 고객지원에 문의하세요.',
    fr: 'Un solde gelé est réservé à une opération en cours (un retrait en vérification, une position ou un ordre encore ouvert) ou par un contrôle des risques, et ne peut pas être transféré tant qu’elle n’est pas réglée. Une fois le retrait traité ou la position clôturée, il redevient disponible ; contactez le service client s’il reste gelé.',
    de: 'Ein eingefrorenes Guthaben ist für einen laufenden Vorgang reserviert (eine Auszahlung in Prüfung, eine noch offene Position oder Order) oder durch eine Risikoprüfung gesperrt und kann erst danach umgebucht werden. Sobald die Auszahlung bearbeitet oder die Position geschlossen ist, ist es wieder verfügbar; bleibt es eingefroren, wenden Sie sich an den Kundenservice.',
    es: 'Un saldo congelado está reservado para una operación pendiente (un retiro en revisión, una posición u orden aún abierta) o por un control de riesgo, y no se puede transferir hasta que se resuelva. Cuando el retiro se procesa o la posición se cierra vuelve a estar disponible; contacta con atención al cliente si sigue congelado.',
    it: 'Un saldo congelato è riservato a un’operazione in corso (un prelievo in verifica, una posizione o un ordine ancora aperti) o da un controllo del rischio, e non si può trasferire finché non è concluso. Quando il prelievo è elaborato o la posizione è chiusa torna disponibile; contatta l’assistenza clienti se resta congelato.',
    ru: 'Замороженный баланс зарезервирован под незавершённую операцию (вывод на проверке, ещё открытая позиция или ордер) или проверкой рисков, и его нельзя перевести, пока она не завершится. После обработки вывода или закрытия позиции средства снова доступны; если баланс остаётся замороженным, обратитесь в службу поддержки.',
    pt: 'Um saldo congelado está reservado para uma operação pendente (um saque em análise, uma posição ou ordem ainda aberta) ou por uma verificação de risco, e não pode ser transferido até ser concluída. Quando o saque é processado ou a posição é fechada ele volta a ficar disponível; fale com o atendimento se continuar congelado.',
  },
};
