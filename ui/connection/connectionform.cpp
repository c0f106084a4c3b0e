// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionform.h"

#include "filepathedit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSpinBox>
#include <QSqlDatabase>
#include <QStandardItemModel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;
using lockcore::HostPort;

namespace ui {

namespace {

constexpr int backendRole = Qt::UserRole;

bool sharePort(const QList<HostPort> &hosts)
{
    for (const HostPort &entry : hosts) {
        if (entry.port != hosts.constFirst().port)
            return false;
    }
    return true;
}

// What the host field shows: one host as it is; several as the URL writes them, without
// their ports when they share one (the port box shows it then).
QString hostFieldText(const ConnectionSpec &spec)
{
    if (spec.otherHosts.isEmpty())
        return spec.host;
    QList<HostPort> hosts = spec.hosts();
    if (sharePort(hosts)) {
        for (HostPort &entry : hosts)
            entry.port = 0;
    }
    return lockcore::hostListText(hosts);
}

int portFieldValue(const ConnectionSpec &spec)
{
    return sharePort(spec.hosts()) ? spec.port : 0;
}

// The host field read back: several hosts ("db1:5432, db2") each with its own port or the
// port box's. A list that does not parse is kept as typed, for ConnectionProfile::validate()
// to say what is wrong with it.
void setHosts(ConnectionSpec &spec, const QString &field, int port)
{
    spec.host = field.trimmed();
    spec.port = port;
    if (!spec.host.contains(u','))
        return;
    QStringList entries = spec.host.split(u',');
    for (QString &entry : entries)
        entry = entry.trimmed();
    auto parsed = lockcore::parseHostList(entries.join(u','));
    if (!parsed)
        return;
    QList<HostPort> hosts = std::move(parsed).value();
    for (HostPort &entry : hosts) {
        if (entry.port == 0)
            entry.port = port;
    }
    spec.host = hosts.constFirst().host;
    spec.port = hosts.constFirst().port;
    spec.otherHosts = hosts.mid(1);
}

QLabel *buddyLabel(QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace

ConnectionForm::ConnectionForm(QWidget *parent)
    : QWidget(parent)
    , m_installed(QSqlDatabase::drivers())
{
    m_databaseBox = new QGroupBox(this);
    m_grid = new QGridLayout(m_databaseBox);
    m_grid->setColumnStretch(1, 1);
    m_driverModel = new QStandardItemModel(this);
    m_driverCombo = new QComboBox(m_databaseBox);
    m_driverCombo->setObjectName(u"driverCombo"_s);
    m_driverCombo->setModel(m_driverModel);
    m_driverLabel = buddyLabel(m_driverCombo, m_databaseBox);
    addRow(m_driverLabel, m_driverCombo);
    m_driverNote = new QLabel(m_databaseBox);
    m_driverNote->setObjectName(u"driverNote"_s);
    m_driverNote->setWordWrap(true);
    m_driverNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    addRow(nullptr, m_driverNote);

    m_hostRow = new QWidget(m_databaseBox);
    m_hostEdit = new QLineEdit(m_hostRow);
    m_hostEdit->setObjectName(u"hostEdit"_s);
    m_portSpin = new QSpinBox(m_hostRow);
    m_portSpin->setObjectName(u"portSpin"_s);
    m_portSpin->setRange(0, 65535);
    m_portLabel = buddyLabel(m_portSpin, m_hostRow);
    auto *hostLayout = new QHBoxLayout(m_hostRow);
    hostLayout->setContentsMargins(0, 0, 0, 0);
    hostLayout->addWidget(m_hostEdit, 1);
    hostLayout->addWidget(m_portLabel);
    hostLayout->addWidget(m_portSpin);
    m_hostLabel = buddyLabel(m_hostEdit, m_databaseBox);
    addRow(m_hostLabel, m_hostRow);

    m_databaseRow = new QWidget(m_databaseBox);
    m_databaseEdit = new QLineEdit(m_databaseRow);
    m_databaseEdit->setObjectName(u"databaseEdit"_s);
    m_browseButton = new QPushButton(m_databaseRow);
    m_browseButton->setObjectName(u"browseButton"_s);
    m_browseButton->setAutoDefault(false);
    auto *databaseLayout = new QHBoxLayout(m_databaseRow);
    databaseLayout->setContentsMargins(0, 0, 0, 0);
    databaseLayout->addWidget(m_databaseEdit, 1);
    databaseLayout->addWidget(m_browseButton);
    m_databaseLabel = buddyLabel(m_databaseEdit, m_databaseBox);
    addRow(m_databaseLabel, m_databaseRow);

    m_userEdit = new QLineEdit(m_databaseBox);
    m_userEdit->setObjectName(u"userEdit"_s);
    m_userLabel = buddyLabel(m_userEdit, m_databaseBox);
    addRow(m_userLabel, m_userEdit);

    m_passwordEdit = new QLineEdit(m_databaseBox);
    m_passwordEdit->setObjectName(u"passwordEdit"_s);
    m_passwordEdit->setEchoMode(QLineEdit::Password);
    m_passwordLabel = buddyLabel(m_passwordEdit, m_databaseBox);
    addRow(m_passwordLabel, m_passwordEdit);

    m_rememberCheck = new QCheckBox(m_databaseBox);
    m_rememberCheck->setObjectName(u"rememberCheck"_s);
    addRow(nullptr, m_rememberCheck);
    m_keychainNote = new QLabel(m_databaseBox);
    m_keychainNote->setObjectName(u"keychainNote"_s);
    m_keychainNote->setWordWrap(true);
    m_keychainNote->setEnabled(false); // greyed, like the check box it explains
    addRow(nullptr, m_keychainNote);

    m_tlsToggle = new QToolButton(this);
    m_tlsToggle->setObjectName(u"tlsToggle"_s);
    m_tlsToggle->setCheckable(true);
    m_tlsToggle->setAutoRaise(true);
    m_tlsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_tlsToggle->setArrowType(Qt::RightArrow);
    addRow(nullptr, m_tlsToggle, /*span=*/true);
    buildTlsFields();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_databaseBox);

    connect(m_driverCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        m_extraOptions.clear(); // another driver's options
        forgetPassword();
        swapDatabaseField();
        updateForBackend();
        emit edited();
    });
    for (QLineEdit *edit : {m_hostEdit, m_userEdit})
        connect(edit, &QLineEdit::textChanged, this, &ConnectionForm::accountEdited);
    connect(m_databaseEdit, &QLineEdit::textChanged, this, &ConnectionForm::userEdited);
    connect(m_passwordEdit, &QLineEdit::textChanged, this, [this] {
        if (m_filling)
            return;
        m_passwordEdited = true;
        emit edited();
    });
    connect(m_portSpin, &QSpinBox::valueChanged, this, &ConnectionForm::userEdited);
    connect(m_rememberCheck, &QCheckBox::toggled, this, &ConnectionForm::userEdited);
    for (const TlsModeField &mode : std::as_const(m_tlsModes))
        connect(mode.combo, &QComboBox::currentIndexChanged, this, &ConnectionForm::userEdited);
    for (const TlsField &field : std::as_const(m_tlsFields))
        connect(field.edit, &FilePathEdit::pathEdited, this, &ConnectionForm::userEdited);
    connect(m_browseButton, &QPushButton::clicked, this, &ConnectionForm::browseDatabaseFile);
    connect(m_tlsToggle, &QToolButton::toggled, this, &ConnectionForm::updateForBackend);

    retranslateUi();
}

// A QGridLayout, not a QFormLayout: Qt 6.4's QFormLayout gives word-wrapped labels in the
// field column the height they need at a narrower width, which squeezes the rest of the
// dialog; the grid computes heights for the real column width.
void ConnectionForm::addRow(QLabel *label, QWidget *field, bool span)
{
    const int row = m_rows++;
    if (label) {
        const auto alignment =
            Qt::Alignment(style()->styleHint(QStyle::SH_FormLayoutLabelAlignment, nullptr, this));
        label->setAlignment(alignment | Qt::AlignVCenter);
        m_grid->addWidget(label, row, 0);
        m_rowLabels.insert(field, label);
    }
    if (span)
        m_grid->addWidget(field, row, 0, 1, 2);
    else
        m_grid->addWidget(field, row, 1);
}

void ConnectionForm::setRowVisible(QWidget *field, bool visible)
{
    field->setVisible(visible);
    if (QLabel *label = m_rowLabels.value(field))
        label->setVisible(visible);
}

// The mode's combo box: the default first (an empty value: not in the URL), then the driver's
// modes. PostgreSQL's keeps the object name it always had.
void ConnectionForm::buildTlsModeField(Backend backend, const TlsOption &option)
{
    auto *combo = new QComboBox(m_databaseBox);
    combo->setObjectName(backend == Backend::PostgreSQL ? u"sslModeCombo"_s
                                                        : u"mysqlSslModeCombo"_s);
    combo->addItem(QString(), QString());
    for (const QString &mode : DriverInfo::of(backend).tlsModes())
        combo->addItem(mode, mode);
    QLabel *label = buddyLabel(combo, m_databaseBox);
    addRow(label, combo);
    m_tlsModes.append({backend, option, label, combo});
}

void ConnectionForm::buildTlsFields()
{
    for (const Backend backend : {Backend::PostgreSQL, Backend::MySQL}) {
        for (const TlsOption &option : DriverInfo::of(backend).tlsOptions()) {
            if (!option.isFile) {
                buildTlsModeField(backend, option);
                continue;
            }
            auto *edit = new FilePathEdit(m_databaseBox);
            edit->setObjectName(u"tls_"_s + option.urlKey);
            edit->lineEdit()->setObjectName(u"tlsEdit_"_s + option.urlKey);
            QLabel *label = buddyLabel(edit->lineEdit(), m_databaseBox);
            addRow(label, edit);
            m_tlsFields.append({backend, option, label, edit});
        }
    }
}

void ConnectionForm::retranslateUi()
{
    m_databaseBox->setTitle(tr("Database"));
    m_driverLabel->setText(tr("Dri&ver:"));
    m_hostLabel->setText(tr("&Host:"));
    m_hostEdit->setToolTip(tr("The server's host name or address. PostgreSQL also takes several, "
                              "separated by commas (db1:5432,db2:5432): each connection goes to "
                              "the first that answers; add target_session_attrs=read-write to "
                              "the URL to reach the primary only."));
    m_portLabel->setText(tr("P&ort:"));
    m_browseButton->setText(tr("Bro&wse\u2026"));
    m_userLabel->setText(tr("Us&er:"));
    m_passwordLabel->setText(tr("&Password:"));
    m_rememberCheck->setText(tr("Remember the password in the system &keychain"));
    m_tlsToggle->setText(tr("TLS (SSL) settin&gs"));
    m_tlsToggle->setToolTip(tr("Show or hide the TLS options of this driver"));
    for (const TlsModeField &mode : std::as_const(m_tlsModes)) {
        const bool postgres = mode.backend == Backend::PostgreSQL;
        mode.label->setText(tr("SSL &mode:"));
        mode.label->setToolTip(tr("The %1 option of the connection URL").arg(mode.option.urlKey));
        mode.combo->setItemText(0, postgres ? tr("Driver default (prefer)")
                                            : tr("Default (preferred; verify-ca with a CA or "
                                                 "certificate)"));
        if (!postgres)
            mode.combo->setToolTip(
                tr("preferred: TLS where the server offers it; required: TLS, the server's "
                   "certificate not checked; verify-ca: signed by the CA certificate; "
                   "verify-identity: and for this host. A connection without what is asked "
                   "for is refused."));
    }
    for (const TlsField &field : std::as_const(m_tlsFields)) {
        const bool postgres = field.backend == Backend::PostgreSQL;
        const QString key = field.option.urlKey;
        if (key == u"sslrootcert" || key == u"ssl_ca") {
            field.label->setText(postgres ? tr("Root C&A certificate:") : tr("C&A certificate:"));
            field.edit->setDialogTitle(postgres ? tr("Choose the root CA certificate")
                                                : tr("Choose the CA certificate"));
        } else if (key == u"sslcert" || key == u"ssl_cert") {
            field.label->setText(tr("Client cert&ificate:"));
            field.edit->setDialogTitle(tr("Choose the client certificate"));
        } else {
            field.label->setText(tr("Client ke&y:"));
            field.edit->setDialogTitle(tr("Choose the client key"));
        }
        field.label->setToolTip(tr("The %1 option of the connection URL").arg(key));
    }
    rebuildDriverList();
    updateForBackend();
}

void ConnectionForm::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void ConnectionForm::setAvailableDrivers(const QStringList &qtDrivers)
{
    m_installed = qtDrivers;
    rebuildDriverList();
    updateForBackend();
}

bool ConnectionForm::isDriverAvailable() const
{
    return DriverInfo::of(backend()).isAvailable(m_installed);
}

void ConnectionForm::rebuildDriverList()
{
    QScopedValueRollback<bool> filling(m_filling, true);
    const Backend current = backend();
    m_driverModel->clear();
    QStringList missing;
    for (const DriverInfo &info : DriverInfo::all()) {
        auto *item = new QStandardItem;
        item->setData(int(info.backend), backendRole);
        if (info.isAvailable(m_installed)) {
            item->setText(info.displayName());
            item->setToolTip(tr("Qt SQL driver %1").arg(info.driverNames));
        } else {
            item->setText(tr("%1 (driver not installed)").arg(info.displayName()));
            item->setToolTip(info.installHint());
            item->setEnabled(false);
            missing << tr("%1 (%2): %3").arg(info.displayName(), info.qtDriver,
                                              info.installHint());
        }
        m_driverModel->appendRow(item);
    }
    m_driverNote->setText(missing.isEmpty()
                              ? QString()
                              : tr("Not installed here:") + u'\n' + missing.join(u'\n'));
    setRowVisible(m_driverNote, !missing.isEmpty());
    setBackend(current);
}

ConnectionForm::Backend ConnectionForm::backend() const
{
    const QVariant data = m_driverCombo->currentData(backendRole);
    return data.isValid() ? Backend(data.toInt()) : Backend::SQLite;
}

void ConnectionForm::setBackend(Backend backend)
{
    {
        QScopedValueRollback<bool> filling(m_filling, true);
        // Also a disabled entry (a pasted URL or a saved profile for a missing driver): the
        // dialog then says what to install.
        m_driverCombo->setCurrentIndex(m_driverCombo->findData(int(backend), backendRole));
    }
    swapDatabaseField();
    updateForBackend();
}

void ConnectionForm::updateForBackend()
{
    const DriverInfo &info = DriverInfo::of(backend());
    switch (info.backend) {
    case Backend::SQLite: m_databaseLabel->setText(tr("&Database file:")); break;
    case Backend::Oracle: m_databaseLabel->setText(tr("&Database (service name):")); break;
    case Backend::ODBC: m_databaseLabel->setText(tr("&Data source (DSN):")); break;
    default: m_databaseLabel->setText(tr("&Database:")); break;
    }
    m_databaseEdit->setPlaceholderText(info.usesFile() ? tr("/path/to/locks.sqlite")
                                                       : QString());
    m_portSpin->setSpecialValueText(tr("Default (%1)").arg(info.defaultPort));
    setRowVisible(m_hostRow, info.usesHost());
    setRowVisible(m_userEdit, !info.usesFile());
    setRowVisible(m_passwordEdit, !info.usesFile());
    setRowVisible(m_rememberCheck, !info.usesFile());
    setRowVisible(m_keychainNote,
                                  !info.usesFile() && !m_keychainNote->text().isEmpty());
    m_browseButton->setVisible(info.usesFile());

    const bool tls = m_tlsToggle->isChecked();
    m_tlsToggle->setArrowType(tls ? Qt::DownArrow : Qt::RightArrow);
    setRowVisible(m_tlsToggle, !info.tlsOptions().isEmpty());
    for (const TlsModeField &mode : std::as_const(m_tlsModes))
        setRowVisible(mode.combo, tls && mode.backend == info.backend);
    for (const TlsField &field : std::as_const(m_tlsFields))
        setRowVisible(field.edit, tls && field.backend == info.backend);
}

bool ConnectionForm::hasTlsOptions() const
{
    for (const TlsModeField &mode : m_tlsModes) {
        if (mode.backend == backend() && !mode.combo->currentData().toString().isEmpty())
            return true;
    }
    for (const TlsField &field : m_tlsFields) {
        if (field.backend == backend() && !field.edit->path().isEmpty())
            return true;
    }
    return false;
}

void ConnectionForm::userEdited()
{
    if (!m_filling)
        emit edited();
}

// A password is for one account (driver, host and user): typed for one, it is not to be sent
// to another.
bool ConnectionForm::isSameAccount(const ConnectionSpec &spec) const
{
    return spec.backend == backend()
           && hostFieldText(spec).compare(m_hostEdit->text().trimmed(), Qt::CaseInsensitive) == 0
           && spec.user == m_userEdit->text().trimmed();
}

void ConnectionForm::forgetPassword()
{
    QScopedValueRollback<bool> filling(m_filling, true);
    m_passwordEdit->clear();
    // The user's doing: a keychain read still under way must not bring it back.
    m_passwordEdited = true;
}

void ConnectionForm::accountEdited()
{
    if (m_filling)
        return;
    forgetPassword();
    emit edited();
}

void ConnectionForm::setSpec(const ConnectionSpec &spec)
{
    const bool sameAccount = isSameAccount(spec);
    {
        QScopedValueRollback<bool> filling(m_filling, true);
        setBackend(spec.backend);
        m_hostEdit->setText(hostFieldText(spec));
        m_portSpin->setValue(portFieldValue(spec));
        m_databaseEdit->setText(spec.backend == Backend::SQLite ? spec.path : spec.database);
        m_databaseIsFile = DriverInfo::of(spec.backend).usesFile();
        m_otherKindDatabase.clear();
        m_userEdit->setText(spec.user);
        if (spec.passwordFromUrl) {
            m_passwordEdit->setText(spec.password);
            m_passwordEdited = true; // typed, in the URL
        } else if (!sameAccount) {
            forgetPassword();
        }
        QMap<QString, QString> options = spec.options;
        for (const TlsModeField &mode : std::as_const(m_tlsModes)) {
            const QString value = mode.backend == spec.backend
                                      ? options.take(mode.option.specKey)
                                      : QString();
            mode.combo->setCurrentIndex(qMax(0, mode.combo->findData(value)));
        }
        for (const TlsField &field : std::as_const(m_tlsFields)) {
            field.edit->setPath(field.backend == spec.backend
                                    ? options.take(field.option.specKey)
                                    : QString());
        }
        m_extraOptions = options;
        if (hasTlsOptions())
            m_tlsToggle->setChecked(true); // what is set is in view
    }
    updateForBackend();
}

ConnectionSpec ConnectionForm::spec() const
{
    ConnectionSpec spec;
    spec.backend = backend();
    const DriverInfo &info = DriverInfo::of(spec.backend);
    if (info.usesFile()) {
        spec.path = m_databaseEdit->text().trimmed();
    } else {
        if (info.usesHost())
            setHosts(spec, m_hostEdit->text(), m_portSpin->value());
        spec.database = m_databaseEdit->text().trimmed();
        spec.user = m_userEdit->text().trimmed();
        spec.password = m_passwordEdit->text();
    }
    spec.options = m_extraOptions;
    for (const TlsModeField &mode : m_tlsModes) {
        const QString value = mode.combo->currentData().toString();
        if (mode.backend == spec.backend && !value.isEmpty())
            spec.options.insert(mode.option.specKey, value);
    }
    for (const TlsField &field : m_tlsFields) {
        if (field.backend == spec.backend && !field.edit->path().trimmed().isEmpty())
            spec.options.insert(field.option.specKey, field.edit->path().trimmed());
    }
    return spec;
}

void ConnectionForm::setPassword(const QString &password)
{
    QScopedValueRollback<bool> filling(m_filling, true);
    m_passwordEdit->setText(password);
}

void ConnectionForm::setPasswordPlaceholder(const QString &text)
{
    m_passwordEdit->setPlaceholderText(text);
}

void ConnectionForm::focusPassword()
{
    m_passwordEdit->setFocus();
}

bool ConnectionForm::rememberPassword() const
{
    return m_rememberCheck->isEnabled() && m_rememberCheck->isChecked();
}

void ConnectionForm::setRememberPassword(bool remember)
{
    QScopedValueRollback<bool> filling(m_filling, true);
    m_rememberCheck->setChecked(remember);
}

void ConnectionForm::setRememberAvailable(bool available, const QString &note)
{
    m_rememberCheck->setEnabled(available);
    m_rememberCheck->setToolTip(note);
    m_keychainNote->setText(note);
    updateForBackend();
}

QList<QWidget *> ConnectionForm::focusOrder() const
{
    QList<QWidget *> order = {m_driverCombo,   m_hostEdit,     m_portSpin,
                              m_databaseEdit,  m_browseButton, m_userEdit,
                              m_passwordEdit,  m_rememberCheck, m_tlsToggle};
    for (const Backend backend : {Backend::PostgreSQL, Backend::MySQL}) {
        for (const TlsModeField &mode : m_tlsModes) {
            if (mode.backend == backend)
                order << mode.combo;
        }
        for (const TlsField &field : m_tlsFields) {
            if (field.backend == backend)
                order << field.edit->lineEdit() << field.edit->browseButton();
        }
    }
    return order;
}

int ConnectionForm::labelColumnWidth() const
{
    int width = 0;
    for (const QLabel *label : m_rowLabels)
        width = qMax(width, label->sizeHint().width());
    return width;
}

void ConnectionForm::setLabelColumnWidth(int width)
{
    m_grid->setColumnMinimumWidth(0, width);
}

// A file path is no database name (a SQLite file switched to PostgreSQL made the URL
// "postgresql:///home/.../demo.sqlite"), nor the other way round.
void ConnectionForm::swapDatabaseField()
{
    const bool file = DriverInfo::of(backend()).usesFile();
    if (file == m_databaseIsFile)
        return;
    const QString shown = m_databaseEdit->text();
    {
        QScopedValueRollback<bool> filling(m_filling, true);
        m_databaseEdit->setText(m_otherKindDatabase);
    }
    m_otherKindDatabase = shown;
    m_databaseIsFile = file;
}

void ConnectionForm::browseDatabaseFile()
{
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("SQLite Database File"), m_databaseEdit->text(),
        tr("SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)"), nullptr,
        QFileDialog::DontConfirmOverwrite);
    if (!chosen.isEmpty())
        m_databaseEdit->setText(chosen); // textChanged: the user's edit
}

} // namespace ui
