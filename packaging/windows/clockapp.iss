; Inno Setup script: dist\clockapp (the PyInstaller folder) -> dist\clockapp-<version>-setup.exe,
; which installs clockapp for the current user (no administrator needed), with a Start-menu entry,
; an optional desktop icon and an uninstaller in Windows' Apps list. Uninstalling leaves the
; user's data folder (%LOCALAPPDATA%\clockapp: the tournaments, backups, logs) where it is.
; Build, from the checkout, after `pyinstaller --noconfirm packaging\clockapp.spec`:
;   iscc /DAppVersion=0.1.0 packaging\windows\clockapp.iss
; The version is pyproject.toml's; .github/workflows/package.yml reads it from there and passes it.

#ifndef AppVersion
  #error Pass the version from pyproject.toml: iscc /DAppVersion=X.Y.Z packaging\windows\clockapp.iss
#endif
#define AppName "clockapp"
#define AppExe "clockapp.exe"
; Paths are relative to this script's folder: the checkout is two levels up.
#define Root "..\.."

[Setup]
; The AppId ties upgrades and the uninstaller to one product: never change it.
AppId={{6F1C2A4E-8B7D-4C3A-9E21-5D0B7C9A4F13}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The clockapp maintainers
AppPublisherURL=https://github.com/clockapp/clockapp
AppSupportURL=https://github.com/clockapp/clockapp/issues
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile={#Root}\LICENSE
SetupIconFile={#Root}\build\clockapp\icons\clockapp.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName} {#AppVersion}
OutputDir={#Root}\dist
OutputBaseFilename={#AppName}-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#Root}\dist\clockapp\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"; Comment: "Poker tournament clock"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
