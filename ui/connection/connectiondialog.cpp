// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectiondialog.h"

#include "connectionform.h"
#include "custommappingform.h"
#include "driverinfo.h"
#include "lockprofiletext.h"
#include "messagebar.h"
#include "onscreen.h"
#include "profilestore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScreen>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>
#include <type_traits>
#include <utility>

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;
using lockcore::Profile;
using lockcore::Status;

namespace ui {

namespace {

QLabel *buddyLabel(QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setBuddy(buddy);
    return label;
}

const QString customKind = u"custom"_s;

// Whether two custom mappings map the same columns with the same time (the other settings
// of a saved mapping have no field, and are kept while these stay the same).
bool sameColumns(const QVariantMap &a, const QVariantMap &b)
{
    for (const QString &key : {u"name_column"_s, u"holder_column"_s, u"expires_column"_s,
                               u"status_column"_s, u"locked_at_column"_s}) {
        if (a.value(key).toString().trimmed() != b.value(key).toString().trimmed())
            return false;
    }
    return a.value(u"time"_s, u"utc"_s).toString() == b.value(u"time"_s, u"utc"_s).toString();
}

// How many characters an edit from before to after inserted in one place: one for a key, more
// for a paste, a drop or an input method's commit.
qsizetype insertedLength(const QString &before, const QString &after)
{
    const qsizetype common = qMin(before.size(), after.size());
    qsizetype prefix = 0;
    while (prefix < common && before.at(prefix) == after.at(prefix))
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < common - prefix
           && before.at(before.size() - 1 - suffix) == after.at(after.size() - 1 - suffix))
        ++suffix;
    return after.size() - prefix - suffix;
}

} // namespace

ConnectionDialog::ConnectionDialog(ProfileStore *store, PasswordVault *vault, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_vault(vault ? vault : PasswordVault::system())
    , m_tester(new ConnectionTester(this))
{
    if (!m_store) {
        m_ownStore = std::make_unique<ProfileStore>();
        m_store = m_ownStore.get();
    }
    setObjectName(u"connectionDialog"_s);
    buildUi();
    setUpTabOrder();
    retranslateUi();

    connect(m_tester, &ConnectionTester::finished, this, &ConnectionDialog::onTestFinished);
    connect(m_vault, &PasswordVault::stateChanged, this, &ConnectionDialog::onVaultStateChanged);
    connect(m_vault, &PasswordVault::passwordRead, this, &ConnectionDialog::onPasswordRead);

    const QString last = m_store->lastUsed();
    reloadProfileList(last);
    if (auto profile = m_store->load(last)) {
        setProfile(*profile);
    } else {
        const bool postgres =
            DriverInfo::of(ConnectionSpec::Backend::PostgreSQL).isAvailable(availableDrivers());
        m_form->setBackend(postgres ? ConnectionSpec::Backend::PostgreSQL
                                    : ConnectionSpec::Backend::SQLite);
        updateUrlText();
        updateDriverWarning();
    }
    // The URL field first, whatever the dialog starts from: a URL pasted at once lands there,
    // not in the password field.
    m_urlEdit->setFocus();
    updateRememberUi();
}

ConnectionDialog::~ConnectionDialog()
{
    // ~QDialog hides the dialog, and the focused line edit then emits editingFinished: that
    // must not reach this object, already destroyed down to a QDialog by then.
    disconnect(m_urlEdit, nullptr, this, nullptr);
}

void ConnectionDialog::buildUi()
{
    m_profileCombo = new QComboBox(this);
    m_profileCombo->setObjectName(u"profileCombo"_s);
    m_profileCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_profileCombo->setMinimumContentsLength(16);
    m_profileLabel = buddyLabel(m_profileCombo, this);
    m_deleteButton = new QPushButton(this);
    m_deleteButton->setObjectName(u"deleteProfileButton"_s);
    m_deleteButton->setAutoDefault(false);
    m_urlEdit = new QLineEdit(this);
    m_urlEdit->setObjectName(u"urlEdit"_s);
    m_urlEdit->setClearButtonEnabled(true);
    m_urlLabel = buddyLabel(m_urlEdit, this);
    auto *top = new QFormLayout;
    auto *profileRow = new QHBoxLayout;
    profileRow->addWidget(m_profileCombo, 1);
    profileRow->addWidget(m_deleteButton);
    top->addRow(m_profileLabel, profileRow);
    top->addRow(m_urlLabel, m_urlEdit);

    m_form = new ConnectionForm(this);

    m_monitorBox = new QGroupBox(this);
    // A grid, not a QFormLayout: word-wrapped notes get the height they need (see
    // ConnectionForm::addRow()).
    auto *monitorGrid = new QGridLayout(m_monitorBox);
    monitorGrid->setColumnStretch(1, 1);
    const auto addRow = [this, monitorGrid](QLabel *label, auto *field) {
        const int row = monitorGrid->rowCount();
        if (label) {
            label->setAlignment(Qt::Alignment(style()->styleHint(
                                    QStyle::SH_FormLayoutLabelAlignment, nullptr, this))
                                | Qt::AlignVCenter);
            monitorGrid->addWidget(label, row, 0);
        }
        if constexpr (std::is_base_of_v<QLayout, std::remove_pointer_t<decltype(field)>>)
            monitorGrid->addLayout(field, row, 1);
        else
            monitorGrid->addWidget(field, row, 1);
    };
    // The lock table: whose it is (the kind) and its name, then what that kind means.
    m_kindCombo = new QComboBox(m_monitorBox);
    m_kindCombo->setObjectName(u"lockKindCombo"_s);
    m_kindCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kindCombo->setMinimumContentsLength(14);
    m_kindCombo->addItem(QString(), QString());
    for (const QString &id : Profile::builtInIds())
        m_kindCombo->addItem(QString(), id);
    m_kindCombo->addItem(QString(), customKind);
    m_tableEdit = new QLineEdit(m_monitorBox);
    m_tableEdit->setObjectName(u"tableEdit"_s);
    m_tableEdit->setText(ConnectionProfile::defaultTable());
    m_tableLabel = buddyLabel(m_kindCombo, m_monitorBox);
    auto *tableRow = new QHBoxLayout;
    tableRow->addWidget(m_kindCombo, 1);
    tableRow->addWidget(m_tableEdit, 1);
    addRow(m_tableLabel, tableRow);
    m_kindNote = new QLabel(m_monitorBox);
    m_kindNote->setObjectName(u"lockKindNote"_s);
    m_kindNote->setWordWrap(true);
    m_kindNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_kindNote->setEnabled(false); // greyed: it explains the choice above
    addRow(nullptr, m_kindNote);
    m_customForm = new CustomMappingForm(m_monitorBox);
    m_customForm->hide();
    addRow(nullptr, m_customForm);
    m_zoneEdit = new QLineEdit(m_monitorBox);
    m_zoneEdit->setObjectName(u"appTimeZoneEdit"_s);
    m_zoneEdit->setMaxLength(64);
    m_zoneLabel = buddyLabel(m_zoneEdit, m_monitorBox);
    addRow(m_zoneLabel, m_zoneEdit);
    connect(m_zoneEdit, &QLineEdit::textEdited, this, &ConnectionDialog::fieldsEdited);
    m_timeoutSpin = new QSpinBox(m_monitorBox);
    m_timeoutSpin->setObjectName(u"timeoutSpin"_s);
    m_timeoutSpin->setRange(ConnectionProfile::minTimeoutS, ConnectionProfile::maxTimeoutS);
    m_timeoutSpin->setValue(ConnectionProfile::defaultTimeoutS);
    m_timeoutLabel = buddyLabel(m_timeoutSpin, m_monitorBox);
    auto *timeoutRow = new QHBoxLayout;
    timeoutRow->addWidget(m_timeoutSpin);
    timeoutRow->addStretch(1);
    addRow(m_timeoutLabel, timeoutRow);
    m_readOnlyCheck = new QCheckBox(m_monitorBox);
    m_readOnlyCheck->setObjectName(u"readOnlyCheck"_s);
    addRow(nullptr, m_readOnlyCheck);
    m_colourCombo = new QComboBox(m_monitorBox);
    m_colourCombo->setObjectName(u"colourCombo"_s);
    // As wide as its longest choice in the current language ("Development (green)" was cut).
    m_colourCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (const ConnectionColour colour : connectionColours()) {
        QPixmap swatch(12, 12);
        swatch.fill(colour == ConnectionColour::None ? QColor(Qt::transparent)
                                                     : connectionColourValue(colour));
        m_colourCombo->addItem(QIcon(swatch), QString(), connectionColourKey(colour));
    }
    m_colourLabel = buddyLabel(m_colourCombo, m_monitorBox);
    auto *colourRow = new QHBoxLayout;
    colourRow->addWidget(m_colourCombo);
    colourRow->addStretch(1);
    addRow(m_colourLabel, colourRow);
    m_notifyCheck = new QCheckBox(m_monitorBox);
    m_notifyCheck->setObjectName(u"notifyProblemsCheck"_s);
    m_notifyCheck->setChecked(true);
    addRow(nullptr, m_notifyCheck);
    m_nameEdit = new QLineEdit(m_monitorBox);
    m_nameEdit->setObjectName(u"profileNameEdit"_s);
    m_nameLabel = buddyLabel(m_nameEdit, m_monitorBox);
    addRow(m_nameLabel, m_nameEdit);

    m_testButton = new QPushButton(this);
    m_testButton->setObjectName(u"testButton"_s);
    m_testButton->setAutoDefault(false);
    m_busy = new QProgressBar(this);
    m_busy->setObjectName(u"busyIndicator"_s);
    m_busy->setRange(0, 0); // busy, without a percentage
    m_busy->setTextVisible(false);
    m_busy->setMaximumWidth(120);
    m_busy->hide();
    m_message = new MessageBar(this);
    m_message->setObjectName(u"testResult"_s);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_connectButton = m_buttons->button(QDialogButtonBox::Ok);
    m_connectButton->setObjectName(u"connectButton"_s);
    m_saveButton = m_buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_saveButton->setObjectName(u"saveButton"_s);
    m_saveButton->setAutoDefault(false);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_form);
    layout->addWidget(m_monitorBox);
    layout->addWidget(m_message);
    layout->addStretch(1);
    auto *buttonRow = new QHBoxLayout;
    buttonRow->addWidget(m_testButton);
    buttonRow->addWidget(m_busy);
    buttonRow->addStretch(1);
    buttonRow->addWidget(m_buttons);
    layout->addLayout(buttonRow);
    setMinimumWidth(560);

    connect(m_profileCombo, &QComboBox::activated, this, &ConnectionDialog::onProfileChosen);
    connect(m_deleteButton, &QPushButton::clicked, this, &ConnectionDialog::deleteProfile);
    // QLineEdit emits textEdited before textChanged: onUrlEdited() sees the text before.
    connect(m_urlEdit, &QLineEdit::textEdited, this, &ConnectionDialog::onUrlEdited);
    connect(m_urlEdit, &QLineEdit::textChanged, this,
            [this] { m_urlText = m_urlEdit->text(); });
    connect(m_urlEdit, &QLineEdit::editingFinished, this,
            &ConnectionDialog::onUrlEditingFinished);
    connect(m_form, &ConnectionForm::edited, this, &ConnectionDialog::fieldsEdited);
    for (QLineEdit *edit : {m_tableEdit, m_nameEdit})
        connect(edit, &QLineEdit::textChanged, this, &ConnectionDialog::fieldsEdited);
    connect(m_tableEdit, &QLineEdit::textChanged, this, &ConnectionDialog::updateLockKindUi);
    connect(m_kindCombo, &QComboBox::currentIndexChanged, this,
            &ConnectionDialog::onLockKindChosen);
    connect(m_customForm, &CustomMappingForm::edited, this, &ConnectionDialog::fieldsEdited);
    connect(m_timeoutSpin, &QSpinBox::valueChanged, this, &ConnectionDialog::fieldsEdited);
    connect(m_readOnlyCheck, &QCheckBox::toggled, this, &ConnectionDialog::fieldsEdited);
    connect(m_colourCombo, &QComboBox::activated, this, &ConnectionDialog::fieldsEdited);
    connect(m_notifyCheck, &QCheckBox::toggled, this, &ConnectionDialog::fieldsEdited);
    connect(m_testButton, &QPushButton::clicked, this, [this] {
        if (m_tester->isRunning())
            stopTest();
        else
            startTest();
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ConnectionDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ConnectionDialog::reject);
    connect(m_saveButton, &QPushButton::clicked, this, &ConnectionDialog::saveProfile);
}

void ConnectionDialog::setUpTabOrder()
{
    QList<QWidget *> order = {m_profileCombo, m_deleteButton, m_urlEdit};
    order << m_form->focusOrder();
    order << m_kindCombo << m_tableEdit << m_customForm->focusOrder() << m_zoneEdit;
    order << m_timeoutSpin << m_readOnlyCheck << m_colourCombo << m_notifyCheck << m_nameEdit << m_testButton
          << m_connectButton << m_buttons->button(QDialogButtonBox::Cancel) << m_saveButton;
    for (qsizetype i = 1; i < order.size(); ++i)
        setTabOrder(order.at(i - 1), order.at(i));
}

void ConnectionDialog::retranslateUi()
{
    setWindowTitle(tr("Connect to a Lock Table"));
    m_profileLabel->setText(tr("Pro&file:"));
    m_deleteButton->setText(tr("Delete"));
    m_deleteButton->setToolTip(tr("Delete the selected profile and its remembered password"));
    m_urlLabel->setText(tr("&URL:"));
    m_urlEdit->setPlaceholderText(tr("Paste a lockctl URL, such as "
                                     "postgresql://user@host:5432/database"));
    m_urlEdit->setToolTip(tr("sqlite:PATH, postgresql://, mysql://, mariadb://, oracle:// or "
                             "odbc://DSN, read into the fields when pasted, on Enter or on "
                             "leaving this field. A password in it then moves to the password "
                             "field and is no longer shown here."));
    m_monitorBox->setTitle(tr("Monitor"));
    m_tableLabel->setText(tr("Lock ta&ble:"));
    m_zoneLabel->setText(tr("Application's time zone (&JVM, session):"));
    m_zoneEdit->setPlaceholderText(tr("the server's default"));
    m_zoneEdit->setToolTip(tr("The time zone the application's sessions write local times in "
                              "(Java drivers use the JVM's zone): e.g. Asia/Shanghai on "
                              "PostgreSQL, +08:00 on MySQL. Lockscope's session then compares "
                              "expiry as the application does. Empty: the server's default."));
    m_kindCombo->setItemText(0, tr("Lockscope table"));
    m_kindCombo->setItemData(0, LockProfileText::lockscopeDescription(QString()),
                             Qt::ToolTipRole);
    for (int index = 1; index < m_kindCombo->count(); ++index) {
        const QString id = m_kindCombo->itemData(index).toString();
        m_kindCombo->setItemText(index, LockProfileText::label(id));
        if (auto profile = Profile::builtIn(id))
            m_kindCombo->setItemData(index, LockProfileText::description(*profile),
                                     Qt::ToolTipRole);
    }
    m_kindCombo->setToolTip(tr("Whose lock table this is: Lockscope's own, an application's "
                               "whose columns and rules Lockscope knows, or any table whose "
                               "columns you map"));
    m_timeoutLabel->setText(tr("Co&nnect timeout:"));
    m_timeoutSpin->setSuffix(tr(" s"));
    m_readOnlyCheck->setText(tr("&Read-only: watch the locks, offer no admin action"));
    m_colourLabel->setText(tr("W&indow colour:"));
    for (int index = 0; index < m_colourCombo->count(); ++index)
        m_colourCombo->setItemText(index, connectionColourChoice(connectionColourFromKey(
                                              m_colourCombo->itemData(index).toString())));
    m_colourCombo->setToolTip(tr("Marks the window of this connection with a band of this "
                                 "colour and its name in the title, so that a production "
                                 "database looks like one"));
    m_notifyCheck->setText(tr("Notify me of problems: "
                              "expired, lost owner, not renewing, long hold"));
    m_nameLabel->setText(tr("Profi&le name:"));
    m_nameEdit->setPlaceholderText(tr("Leave empty to connect without saving"));
    m_connectButton->setText(tr("&Connect"));
    m_saveButton->setText(tr("&Save Profile"));
    m_saveButton->setToolTip(tr("Save these settings under the profile name, without "
                                "connecting"));
    setTesting(m_tester->isRunning());
    reloadProfileList(m_profileCombo->currentData().toString());
    updateRememberUi();
    updateLockKindUi();
    alignLabelColumns();
}

void ConnectionDialog::alignLabelColumns()
{
    const QList<QLabel *> monitorLabels = {m_tableLabel, m_timeoutLabel, m_nameLabel};
    int width = m_form->labelColumnWidth();
    for (QLabel *label : monitorLabels)
        width = qMax(width, label->sizeHint().width());
    m_form->setLabelColumnWidth(width);
    for (QLabel *label : monitorLabels)
        label->setMinimumWidth(width);
    // The profile and URL rows are outside the group boxes: indent by the boxes' margin.
    m_monitorBox->ensurePolished();
    const int boxMargin =
        m_monitorBox->contentsRect().left() + m_monitorBox->layout()->contentsMargins().left();
    for (QLabel *label : {m_profileLabel, m_urlLabel})
        label->setMinimumWidth(width + boxMargin);
}

bool ConnectionDialog::event(QEvent *event)
{
    const bool handled = QDialog::event(event);
    if (event->type() == QEvent::LayoutRequest && isVisible()) {
        // Grow (never shrink) when an inline message or the TLS fields need the room: Qt sizes
        // windows without regard to word-wrapped labels, which would be cut off.
        const int needed = layout()->totalHeightForWidth(width());
        const QScreen *screen = this->screen();
        const int most = screen ? screen->availableGeometry().height() : needed;
        if (needed > height() && height() < most) {
            resize(width(), qMin(needed, most));
            keepOnScreen(this); // grown downwards: moved up to stay in sight, title bar too
        }
    } else if (event->type() == QEvent::Show) {
        keepOnScreen(this);
    }
    return handled;
}

void ConnectionDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

void ConnectionDialog::setAvailableDrivers(const QStringList &qtDrivers)
{
    m_form->setAvailableDrivers(qtDrivers);
    updateDriverWarning();
}

QStringList ConnectionDialog::availableDrivers() const
{
    return m_form->availableDrivers();
}

void ConnectionDialog::reloadProfileList(const QString &select)
{
    const QSignalBlocker blocker(m_profileCombo);
    m_profileCombo->clear();
    m_profileCombo->addItem(tr("New connection"), QString());
    for (const QString &name : m_store->names())
        m_profileCombo->addItem(name, name);
    const int index = m_profileCombo->findData(select);
    m_profileCombo->setCurrentIndex(select.isEmpty() || index < 0 ? 0 : index);
    m_deleteButton->setEnabled(m_profileCombo->currentIndex() > 0);
}

void ConnectionDialog::fieldsEdited()
{
    if (m_filling)
        return;
    if (m_tester->isRunning()) {
        // The running test is about the old settings: its result will be dropped.
        m_tester->cancel();
        setTesting(false);
    }
    m_message->hide();
    updateDriverWarning();
    if (!m_urlEdit->hasFocus())
        updateUrlText();
}

void ConnectionDialog::updateUrlText()
{
    m_urlPending = false;
    m_urlEdit->setText(profile().displayUrl());
    if (!m_urlEdit->hasFocus())
        m_urlEdit->setCursorPosition(0); // the scheme and host, not the options, in view
}

void ConnectionDialog::updateDriverWarning()
{
    const bool available = m_form->isDriverAvailable();
    m_connectButton->setEnabled(available);
    m_testButton->setEnabled(available);
    if (available)
        return;
    const DriverInfo &info = DriverInfo::of(m_form->backend());
    m_message->showMessage(MessageBar::Kind::Warning,
                           tr("The Qt SQL driver %1 for %2 is not installed. %3")
                               .arg(info.qtDriver, info.displayName(), info.installHint()));
}

void ConnectionDialog::onUrlEdited(const QString &text)
{
    // A URL being typed is read when it is committed: read at each key, "mysql://gw:pw@1"
    // is a URL already, and showing it redacted rewrote the field under the typing hand. A
    // paste inserts a whole URL at once, and is read at once; one that does not parse is
    // reported when committed.
    m_urlPending = true;
    if (insertedLength(m_urlText, text) > 1) {
        if (auto spec = ConnectionSpec::parse(text))
            applyUrl(*spec, UrlSource::Pasted);
    }
}

void ConnectionDialog::onUrlEditingFinished()
{
    // Going to another window (for the rest of the URL, say) is no commit: the field keeps
    // this window's focus, and is read when the user is done.
    if (!isActiveWindow() && focusWidget() == m_urlEdit)
        return;
    commitUrl();
}

// Reads the URL the user typed (or changed since a paste) into the fields. False, with the
// reason shown, when it does not parse: the fields are then not what the field says.
bool ConnectionDialog::commitUrl()
{
    const QString text = m_urlEdit->text();
    if (m_urlPending && !text.trimmed().isEmpty()) {
        auto spec = ConnectionSpec::parse(text);
        if (!spec) {
            showProblem(spec.error().message);
            return false;
        }
        applyUrl(*spec, UrlSource::Typed);
    }
    updateUrlText(); // as the fields give it (redacted); an emptied field shows them again
    return true;
}

// A pasted URL is the whole connection: one without a password empties the field (the
// password typed before, perhaps the wrong one, is not kept under it). A URL typed or edited
// in the field keeps the password of the same account (the field never shows it).
void ConnectionDialog::applyUrl(const ConnectionSpec &spec, UrlSource source)
{
    m_form->setSpec(spec);
    if (source == UrlSource::Pasted && !spec.passwordFromUrl)
        m_form->clearPassword();
    m_urlPending = false;
    if (spec.readOnly) // "readonly=1" in the URL
        m_readOnlyCheck->setChecked(true);
    fieldsEdited();
    if (spec.passwordFromUrl)
        updateUrlText(); // the password never stays on screen
}

void ConnectionDialog::setProfile(const ConnectionProfile &profile)
{
    stopTest();
    {
        QScopedValueRollback<bool> filling(m_filling, true);
        ConnectionSpec spec = profile.spec;
        spec.passwordFromUrl = false;
        m_form->setSpec(spec);
        m_form->setPassword(profile.spec.password);
        m_form->setPasswordEditedByUser(false);
        m_form->setPasswordPlaceholder(QString());
        m_form->setRememberPassword(profile.rememberPassword);
        m_loadedLockProfile = profile.lockProfile;
        const QString kind = profile.lockProfile.value(u"profile"_s).toString();
        const int kindIndex = kind.isEmpty() ? 0 : m_kindCombo->findData(kind);
        m_kindCombo->setCurrentIndex(qMax(0, kindIndex)); // unknown: reported below
        m_unknownKindLoaded = !kind.isEmpty() && kindIndex < 0;
        m_lockKind = lockKind();
        if (kind == customKind)
            m_customForm->setMapping(profile.lockProfile);
        else
            m_customForm->clear();
        m_zoneEdit->setText(profile.lockProfile.value(u"session_time_zone"_s).toString());
        QString table = profile.table;
        if (table.isEmpty() && !kind.isEmpty()) {
            if (auto known = Profile::fromMap(profile.lockProfile))
                table = known->defaultTable;
        }
        m_tableEdit->setText(table);
        m_timeoutSpin->setValue(profile.connectTimeoutS);
        m_readOnlyCheck->setChecked(profile.readOnly);
        m_colourCombo->setCurrentIndex(
            qMax(0, m_colourCombo->findData(connectionColourKey(profile.colour))));
        m_notifyCheck->setChecked(profile.notifyProblems);
        m_nameEdit->setText(profile.name);
        const int index = m_profileCombo->findData(profile.name);
        m_profileCombo->setCurrentIndex(profile.name.isEmpty() || index < 0 ? 0 : index);
        m_deleteButton->setEnabled(m_profileCombo->currentIndex() > 0);
    }
    m_pendingPasswordKey.clear();
    m_message->hide();
    updateLockKindUi();
    if (!profile.lockProfile.isEmpty()) {
        if (auto known = Profile::fromMap(profile.lockProfile); !known)
            showProblem(known.error().message);
    }
    updateRememberUi();
    updateUrlText();
    updateDriverWarning();
    if (profile.rememberPassword && profile.spec.password.isEmpty() && !profile.name.isEmpty()
        && profile.spec.isServer())
        requestPassword(profile.name);
}

bool ConnectionDialog::showSavedProfile(const QString &name, const ConnectionSpec &connected)
{
    std::optional<ConnectionProfile> saved;
    if (!name.isEmpty())
        saved = m_store->load(name);
    if (!saved)
        return false;
    if (saved->spec.password.isEmpty() && saved->spec.redacted() == connected.redacted())
        saved->spec.password = connected.password; // the one the window connected with
    setProfile(*saved);
    return true;
}

ConnectionProfile ConnectionDialog::profile() const
{
    ConnectionProfile profile;
    profile.spec = m_form->spec();
    profile.table = table();
    profile.lockProfile = lockProfile();
    profile.connectTimeoutS = connectTimeoutS();
    profile.readOnly = readOnly();
    profile.colour = connectionColourFromKey(m_colourCombo->currentData().toString());
    profile.notifyProblems = notifyProblems();
    profile.name = profileName();
    profile.rememberPassword = profile.spec.isServer() && m_form->rememberPassword()
                               && m_vault->state() == PasswordVault::State::Available;
    return profile;
}

QString ConnectionDialog::table() const
{
    return m_tableEdit->text().trimmed();
}

QString ConnectionDialog::lockKind() const
{
    return m_kindCombo->currentData().toString();
}

void ConnectionDialog::setLockKind(const QString &kind)
{
    const int index = kind.isEmpty() ? 0 : m_kindCombo->findData(kind);
    if (index >= 0)
        m_kindCombo->setCurrentIndex(index);
}

void ConnectionDialog::onLockKindChosen()
{
    if (m_filling)
        return;
    const QString previous = std::exchange(m_lockKind, lockKind());
    m_unknownKindLoaded = false;
    {
        QScopedValueRollback<bool> filling(m_filling, true);
        if (m_lockKind.isEmpty()) {
            m_tableEdit->setText(ConnectionProfile::defaultTable());
        } else if (auto builtIn = Profile::builtIn(m_lockKind)) {
            m_tableEdit->setText(builtIn->defaultTable);
        } else if (m_customForm->isEmpty()) {
            // Custom: start from the application profile chosen before, if any.
            if (auto before = Profile::builtIn(previous))
                m_customForm->setProfile(*before);
            else if (table() == ConnectionProfile::defaultTable())
                m_tableEdit->clear(); // not Lockscope's table: the user names theirs
        }
    }
    updateLockKindUi();
    fieldsEdited();
    if (m_lockKind == customKind)
        m_tableEdit->setFocus();
}

void ConnectionDialog::updateLockKindUi()
{
    const QString kind = lockKind();
    const bool custom = kind == customKind;
    if (kind.isEmpty()) {
        m_kindNote->setText(LockProfileText::lockscopeDescription(table()));
        m_tableEdit->setToolTip(tr("The lock table's name, optionally as schema.table (its "
                                   "events are in <table>_event)"));
    } else {
        if (auto builtIn = Profile::builtIn(kind))
            m_kindNote->setText(LockProfileText::description(*builtIn));
        else
            m_kindNote->setText(tr("Any table, its columns mapped below. Release deletes the "
                                   "row, or sets the status flag to 0 when there is one."));
        m_tableEdit->setToolTip(tr("The application's lock table, optionally as "
                                   "schema.table"));
    }
    m_tableEdit->setPlaceholderText(custom ? tr("the table's name") : QString());
    m_customForm->setVisible(custom);
    m_zoneLabel->setVisible(!kind.isEmpty());
    m_zoneEdit->setVisible(!kind.isEmpty());
}

QVariantMap ConnectionDialog::lockProfile() const
{
    if (m_unknownKindLoaded)
        return m_loadedLockProfile; // invalid: validate() says which profile is unknown
    const QString kind = lockKind();
    if (kind.isEmpty())
        return {};
    const bool loaded = m_loadedLockProfile.value(u"profile"_s).toString() == kind;
    QVariantMap map;
    if (kind == customKind) {
        map = m_customForm->mapping(table());
        if (loaded && sameColumns(map, m_loadedLockProfile)) {
            map = m_loadedLockProfile; // with the settings the form has no field for
            map.insert(u"table"_s, table());
        }
    } else {
        map = loaded ? m_loadedLockProfile : QVariantMap{{u"profile"_s, kind}};
    }
    const QString zone = m_zoneEdit->text().trimmed();
    if (zone.isEmpty())
        map.remove(u"session_time_zone"_s);
    else
        map.insert(u"session_time_zone"_s, zone);
    // Valid: in the form Profile::toMap() gives; invalid: as it is (validate() says why).
    if (auto profile = Profile::fromMap(map))
        return profile->toMap();
    return map;
}

bool ConnectionDialog::notifyProblems() const
{
    return m_notifyCheck->isChecked();
}

bool ConnectionDialog::readOnly() const
{
    return m_readOnlyCheck->isChecked();
}

QString ConnectionDialog::profileName() const
{
    return m_nameEdit->text().trimmed();
}

int ConnectionDialog::connectTimeoutS() const
{
    return m_timeoutSpin->value();
}

void ConnectionDialog::onProfileChosen(int index)
{
    const QString name = m_profileCombo->itemData(index).toString();
    if (name.isEmpty()) {
        ConnectionProfile fresh;
        fresh.spec.backend = m_form->backend();
        setProfile(fresh);
        return;
    }
    if (auto profile = m_store->load(name)) {
        setProfile(*profile);
        m_form->focusPassword();
    } else {
        showProblem(tr("The profile \"%1\" could not be read.").arg(name));
    }
}

void ConnectionDialog::deleteProfile()
{
    const QString name = m_profileCombo->currentData().toString();
    if (name.isEmpty())
        return;
    m_store->remove(name);
    m_store->sync();
    if (m_vault->state() != PasswordVault::State::Unavailable)
        m_vault->deletePassword(name);
    reloadProfileList(QString());
    if (profileName() == name)
        m_nameEdit->clear();
    m_message->showMessage(MessageBar::Kind::Info, tr("Deleted the profile \"%1\".").arg(name));
}

bool ConnectionDialog::storeProfile(const ConnectionProfile &profile)
{
    if (Status valid = profile.validate(); !valid) {
        showProblem(valid.error().message);
        return false;
    }
    if (profile.name.isEmpty())
        return true;
    m_store->save(profile);
    m_store->sync();
    if (profile.rememberPassword && !profile.spec.password.isEmpty())
        m_vault->writePassword(profile.name, profile.spec.password);
    else if (!profile.rememberPassword && m_vault->state() == PasswordVault::State::Available)
        m_vault->deletePassword(profile.name); // no longer to be remembered
    reloadProfileList(profile.name);
    return true;
}

void ConnectionDialog::saveProfile()
{
    if (!commitUrl()) // as in accept()
        return;
    const ConnectionProfile profile = this->profile();
    if (profile.name.isEmpty()) {
        showProblem(tr("Enter a profile name to save these settings under."));
        m_nameEdit->setFocus();
        return;
    }
    if (storeProfile(profile))
        m_message->showMessage(MessageBar::Kind::Success,
                               tr("Saved the profile \"%1\".").arg(profile.name));
}

void ConnectionDialog::accept()
{
    // Connect's shortcut leaves the focus, and a URL being typed, in the URL field.
    if (!commitUrl())
        return;
    if (!m_form->isDriverAvailable()) {
        updateDriverWarning();
        return;
    }
    const ConnectionProfile profile = this->profile();
    if (!storeProfile(profile))
        return;
    if (!profile.name.isEmpty())
        m_store->setLastUsed(profile.name);
    stopTest();
    QDialog::accept();
}

void ConnectionDialog::reject()
{
    stopTest();
    QDialog::reject();
}

void ConnectionDialog::startTest()
{
    if (!commitUrl()) // as in accept()
        return;
    if (!m_form->isDriverAvailable()) {
        updateDriverWarning();
        return;
    }
    const ConnectionProfile profile = this->profile();
    if (Status valid = profile.validate(); !valid) {
        showProblem(valid.error().message);
        return;
    }
    m_tester->start(profile);
    setTesting(true);
    m_message->showMessage(MessageBar::Kind::Info,
                           tr("Connecting to %1\u2026").arg(profile.spec.redacted()));
}

void ConnectionDialog::stopTest()
{
    if (!m_tester->isRunning())
        return;
    m_tester->cancel();
    setTesting(false);
    m_message->showMessage(MessageBar::Kind::Info,
                           tr("Test stopped; its result will be ignored."));
}

void ConnectionDialog::setTesting(bool testing)
{
    m_busy->setVisible(testing);
    m_testButton->setText(testing ? tr("S&top Test") : tr("&Test Connection"));
    m_testButton->setToolTip(testing ? tr("Ignore the running test's result")
                                     : tr("Connect once and look for the lock table"));
}

void ConnectionDialog::onTestFinished(const ConnectionTestResult &result)
{
    setTesting(false);
    MessageBar::Kind kind = MessageBar::Kind::Success;
    if (!result.connected && !result.fileMissing)
        kind = MessageBar::Kind::Error;
    else if (result.error || !result.lockTableFound || !result.eventTableFound)
        kind = MessageBar::Kind::Warning;
    m_message->showMessage(kind, ConnectionTester::describe(result, table()));
}

void ConnectionDialog::showProblem(const QString &text)
{
    m_message->showMessage(MessageBar::Kind::Error, text);
}

void ConnectionDialog::updateRememberUi()
{
    switch (m_vault->state()) {
    case PasswordVault::State::Available:
        m_form->setRememberAvailable(true, QString());
        break;
    case PasswordVault::State::Checking:
        m_form->setRememberAvailable(false, tr("Looking for the system keychain\u2026"));
        break;
    case PasswordVault::State::Unavailable:
        m_form->setRememberPassword(false);
        m_form->setRememberAvailable(false, tr("%1 The password is asked for each time.")
                                                .arg(m_vault->unavailableReason()));
        break;
    }
}

void ConnectionDialog::onVaultStateChanged()
{
    updateRememberUi();
    if (m_pendingPasswordKey.isEmpty())
        return;
    const QString key = std::exchange(m_pendingPasswordKey, QString());
    if (m_vault->state() == PasswordVault::State::Available)
        requestPassword(key);
    else
        m_form->setPasswordPlaceholder(QString());
}

void ConnectionDialog::requestPassword(const QString &profileName)
{
    if (m_vault->state() == PasswordVault::State::Unavailable)
        return;
    m_pendingPasswordKey = profileName;
    m_form->setPasswordPlaceholder(tr("Reading the keychain\u2026"));
    if (m_vault->state() == PasswordVault::State::Available)
        m_vault->readPassword(profileName);
    // Checking: read once the vault knows (onVaultStateChanged).
}

void ConnectionDialog::onPasswordRead(const QString &key, bool found, const QString &password,
                                      const QString &error)
{
    if (key != m_pendingPasswordKey)
        return; // another profile was chosen meanwhile
    m_pendingPasswordKey.clear();
    m_form->setPasswordPlaceholder(found ? QString()
                                         : tr("Not in the keychain: enter the password"));
    if (found && !m_form->isPasswordEditedByUser())
        m_form->setPassword(password);
    if (!error.isEmpty())
        m_message->showMessage(MessageBar::Kind::Warning,
                               tr("The password could not be read from the keychain: %1")
                                   .arg(error));
}

} // namespace ui
