// The flame graph: filled in by ProfileView's renderer.
