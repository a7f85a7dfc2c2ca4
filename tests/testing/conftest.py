# The fake library and its tests are run by test_plugin.py through pytester, in a folder of
# their own; they are no tests of ours.
collect_ignore = ["fake_library"]
