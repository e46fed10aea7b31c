Pod::Spec.new do |s|
  s.name = 'ChatKit'
  # the library, not the demo
  s.source_files = 'ChatKit/**/*.{h,m}'
  s.resources = ['ChatKit/Assets/ChatKit.bundle']
end
