// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionprofile.h"
#include "connectiontester.h"
#include "passwordvault.h"

#include <QDialog>
#include <memory>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace ui {

class ConnectionForm;
class CustomMappingForm;
class MessageBar;
class ProfileStore;

// Where to connect: a saved profile, a pasted lockctl URL, or the fields of a database product
// (ConnectionForm). The lock table is Lockscope's own, or an application's table read through
// one of lockcore's built-in profiles, or any table whose columns the user maps
// (CustomMappingForm); profile().lockProfile says which. "Test connection" runs on a thread of its own and its result is shown
// inline. On "Connect" (or "Save profile") a named profile is saved, its password only to the
// system keychain, and only when one answers; otherwise the password is asked for each time.
class ConnectionDialog : public QDialog
{
    Q_OBJECT

public:
    // store, vault: not owned; null for the application's own (QSettings "Lockscope" /
    // "lockscope"; PasswordVault::system()). Opens with the profile used last, if any.
    explicit ConnectionDialog(ProfileStore *store = nullptr, PasswordVault *vault = nullptr,
                              QWidget *parent = nullptr);
    ~ConnectionDialog() override;

    // The Qt SQL drivers taken as installed (default: QSqlDatabase::drivers()).
    void setAvailableDrivers(const QStringList &qtDrivers);
    QStringList availableDrivers() const;

    void setProfile(const ConnectionProfile &profile); // fills the fields
    // Opens on the saved profile `name` as saved, selected in the list (as if the user chose
    // it); when it is still for the connection `connected` (a window's), with its password.
    // False if no profile has that name (any more).
    bool showSavedProfile(const QString &name, const lockcore::ConnectionSpec &connected);
    ConnectionProfile profile() const;                 // from the fields
    lockcore::ConnectionSpec spec() const { return profile().spec; }
    QString table() const;
    // "" (Lockscope's own table), a lockcore::Profile::builtInIds() id, or "custom".
    QString lockKind() const;
    void setLockKind(const QString &kind); // as if the user chose it
    bool readOnly() const;
    bool notifyProblems() const;
    QString profileName() const;
    int connectTimeoutS() const;

    ConnectionTester *tester() const { return m_tester; }

public slots:
    void accept() override;
    void reject() override;
    void startTest();
    void stopTest();

protected:
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void buildUi();
    void setUpTabOrder();
    void retranslateUi();
    void reloadProfileList(const QString &select);
    void alignLabelColumns();

    void fieldsEdited();
    void updateUrlText();
    void updateDriverWarning();
    void updateRememberUi();
    void onLockKindChosen();
    void updateLockKindUi();
    QVariantMap lockProfile() const;
    void onUrlEdited(const QString &text);
    void onUrlEditingFinished();
    bool commitUrl();
    enum class UrlSource { Pasted, Typed };
    void applyUrl(const lockcore::ConnectionSpec &spec, UrlSource source);
    void onProfileChosen(int index);
    void deleteProfile();
    void saveProfile();
    bool storeProfile(const ConnectionProfile &profile);

    void requestPassword(const QString &profileName);
    void onVaultStateChanged();
    void onPasswordRead(const QString &key, bool found, const QString &password,
                        const QString &error);
    void onTestFinished(const ConnectionTestResult &result);
    void showProblem(const QString &text);
    void setTesting(bool testing);

    ProfileStore *m_store;
    std::unique_ptr<ProfileStore> m_ownStore;
    PasswordVault *m_vault;
    ConnectionTester *m_tester;
    QString m_pendingPasswordKey; // the profile whose password is being read
    bool m_filling = false;       // fields are being set by the program
    QString m_urlText;            // the URL field's text before the edit being handled
    bool m_urlPending = false;    // the URL field was edited since the fields were shown in it
    QString m_lockKind;           // the kind chosen before the current one
    QVariantMap m_loadedLockProfile; // as set by setProfile(): keeps settings without a field

    QLabel *m_profileLabel;
    QComboBox *m_profileCombo;
    QPushButton *m_deleteButton;
    QLabel *m_urlLabel;
    QLineEdit *m_urlEdit;
    ConnectionForm *m_form;
    QGroupBox *m_monitorBox;
    QLabel *m_tableLabel;
    QComboBox *m_kindCombo;
    QLineEdit *m_tableEdit;
    QLabel *m_kindNote;
    CustomMappingForm *m_customForm;
    QLabel *m_zoneLabel;
    QLineEdit *m_zoneEdit; // the application's session time zone (profiles only)
    // A saved lock profile this version does not know: kept (and refused on Connect) until
    // the user picks a kind, never silently replaced by Lockscope's table.
    bool m_unknownKindLoaded = false;
    QLabel *m_timeoutLabel;
    QSpinBox *m_timeoutSpin;
    QCheckBox *m_readOnlyCheck;
    QLabel *m_colourLabel;
    QComboBox *m_colourCombo; // the profile's colour: none, production, staging, development
    QCheckBox *m_notifyCheck;
    QLabel *m_nameLabel;
    QLineEdit *m_nameEdit;
    QPushButton *m_testButton;
    QProgressBar *m_busy;
    MessageBar *m_message;
    QDialogButtonBox *m_buttons;
    QPushButton *m_connectButton;
    QPushButton *m_saveButton;
};

} // namespace ui
