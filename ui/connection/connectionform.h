// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"
#include "driverinfo.h"

#include <QHash>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QToolButton;

namespace ui {

class FilePathEdit;

// The fields of a ConnectionSpec: the driver (products whose Qt driver is missing are listed,
// disabled, with what to install), server, database or file, user, password, and the TLS
// options lockcore accepts for the driver (folded away until wanted). Options without a field
// (from a pasted URL) are kept. The host field takes several PostgreSQL hosts as a URL writes
// them ("db1:5432,db2:5433", or "db1,db2" with the port box's port). A password is for the driver, host and user it was given with:
// another of any of them empties it, so that it is not sent to another account. The database
// field holds a file for SQLite and a database name for a server: choosing a driver of the
// other kind shows what was typed for that kind (empty at first), not the other's.
class ConnectionForm : public QWidget
{
    Q_OBJECT

public:
    using Backend = lockcore::ConnectionSpec::Backend;

    explicit ConnectionForm(QWidget *parent = nullptr);

    // The Qt SQL drivers taken as installed (default: QSqlDatabase::drivers()).
    void setAvailableDrivers(const QStringList &qtDrivers);
    QStringList availableDrivers() const { return m_installed; }
    bool isDriverAvailable() const; // the selected product's

    Backend backend() const;
    void setBackend(Backend backend);
    // Fills the fields; the password field only when the spec has a password from its URL.
    // Without one, the password is kept for the same account and emptied for another.
    void setSpec(const lockcore::ConnectionSpec &spec);
    lockcore::ConnectionSpec spec() const;

    // Set by the program (a keychain), not counted as the user's edit.
    void setPassword(const QString &password);
    // The user's doing (a URL pasted without one): empty, and no keychain read refills it.
    void clearPassword() { forgetPassword(); }
    bool isPasswordEditedByUser() const { return m_passwordEdited; }
    void setPasswordEditedByUser(bool edited) { m_passwordEdited = edited; }
    void setPasswordPlaceholder(const QString &text);
    void focusPassword();

    bool rememberPassword() const;
    void setRememberPassword(bool remember);
    // Whether "remember the password" can be offered, and why not.
    void setRememberAvailable(bool available, const QString &note);

    QList<QWidget *> focusOrder() const;
    // So that the fields line up with the dialog's other forms.
    int labelColumnWidth() const;
    void setLabelColumnWidth(int width);

signals:
    void edited(); // by the user (fields set by the program do not count)

protected:
    void changeEvent(QEvent *event) override;

private:
    struct TlsField
    {
        Backend backend;
        TlsOption option;
        QLabel *label;
        FilePathEdit *edit;
    };
    // A driver's TLS mode: the first entry leaves it to the default.
    struct TlsModeField
    {
        Backend backend;
        TlsOption option;
        QLabel *label;
        QComboBox *combo;
    };

    void addRow(QLabel *label, QWidget *field, bool span = false);
    void setRowVisible(QWidget *field, bool visible);
    void buildTlsFields();
    void buildTlsModeField(Backend backend, const TlsOption &option);
    void retranslateUi();
    void rebuildDriverList();
    void updateForBackend();
    bool hasTlsOptions() const;
    bool isSameAccount(const lockcore::ConnectionSpec &spec) const;
    void forgetPassword();
    void userEdited();
    void accountEdited();
    void browseDatabaseFile();
    void swapDatabaseField();

    QStringList m_installed;
    QMap<QString, QString> m_extraOptions; // URL options without a field of their own
    bool m_filling = false;
    bool m_passwordEdited = false;
    bool m_databaseIsFile = false; // what the database field holds now
    QString m_otherKindDatabase;   // what it held for the other kind of driver

    QGroupBox *m_databaseBox;
    QGridLayout *m_grid;
    int m_rows = 0;
    QHash<QWidget *, QLabel *> m_rowLabels; // field -> its label
    QLabel *m_driverLabel;
    QComboBox *m_driverCombo;
    QStandardItemModel *m_driverModel;
    QLabel *m_driverNote;
    QLabel *m_hostLabel;
    QWidget *m_hostRow;
    QLineEdit *m_hostEdit;
    QLabel *m_portLabel;
    QSpinBox *m_portSpin;
    QLabel *m_databaseLabel;
    QWidget *m_databaseRow;
    QLineEdit *m_databaseEdit;
    QPushButton *m_browseButton;
    QLabel *m_userLabel;
    QLineEdit *m_userEdit;
    QLabel *m_passwordLabel;
    QLineEdit *m_passwordEdit;
    QCheckBox *m_rememberCheck;
    QLabel *m_keychainNote;

    QToolButton *m_tlsToggle; // shows or hides the TLS fields
    QList<TlsModeField> m_tlsModes;
    QList<TlsField> m_tlsFields;
};

} // namespace ui
