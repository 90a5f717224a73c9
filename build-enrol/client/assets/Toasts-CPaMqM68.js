import{j as H}from"./jsx-runtime-u17CrQMm.js";import{r as h,g as _}from"./chunk-OB3PAWPO-AJAwCIMZ.js";import{u as ot,a as dt}from"./LogoutForm-D4dNCxhg.js";function at(t){var o,a,e="";if(typeof t=="string"||typeof t=="number")e+=t;else if(typeof t=="object")if(Array.isArray(t)){var n=t.length;for(o=0;o<n;o++)t[o]&&(a=at(t[o]))&&(e&&(e+=" "),e+=a)}else for(a in t)t[a]&&(e&&(e+=" "),e+=a);return e}function A(){for(var t,o,a=0,e="",n=arguments.length;a<n;a++)(t=arguments[a])&&(o=at(t))&&(e&&(e+=" "),e+=o);return e}const M=t=>typeof t=="number"&&!isNaN(t),N=t=>typeof t=="string",P=t=>typeof t=="function",ut=t=>N(t)||M(t),K=t=>N(t)||P(t)?t:null,yt=(t,o)=>t===!1||M(t)&&t>0?t:o,V=t=>h.isValidElement(t)||N(t)||P(t)||M(t);function mt(t,o,a=300){let{scrollHeight:e,style:n}=t;requestAnimationFrame(()=>{n.minHeight="initial",n.height=e+"px",n.transition=`all ${a}ms`,requestAnimationFrame(()=>{n.height="0",n.padding="0",n.margin="0",setTimeout(o,a)})})}function pt({enter:t,exit:o,appendPosition:a=!1,collapse:e=!0,collapseDuration:n=300}){return function({children:i,position:r,preventExitTransition:u,done:c,nodeRef:y,isIn:g,playToast:x}){let E=a?`${t}--${r}`:t,w=a?`${o}--${r}`:o,C=h.useRef(0);return h.useLayoutEffect(()=>{let v=y.current,p=E.split(" "),m=s=>{s.target===y.current&&(x(),v.removeEventListener("animationend",m),v.removeEventListener("animationcancel",m),C.current===0&&s.type!=="animationcancel"&&v.classList.remove(...p))};v.classList.add(...p),v.addEventListener("animationend",m),v.addEventListener("animationcancel",m)},[]),h.useEffect(()=>{let v=y.current,p=()=>{v.removeEventListener("animationend",p),e?mt(v,c,n):c()};g||(u?p():(C.current=1,v.className+=` ${w}`,v.addEventListener("animationend",p)))},[g]),_.createElement(_.Fragment,null,i)}}function J(t,o){return{content:et(t.content,t.props),containerId:t.props.containerId,id:t.props.toastId,theme:t.props.theme,type:t.props.type,data:t.props.data||{},isLoading:t.props.isLoading,icon:t.props.icon,reason:t.removalReason,status:o}}function et(t,o,a=!1){return h.isValidElement(t)&&!N(t.type)?h.cloneElement(t,{closeToast:o.closeToast,toastProps:o,data:o.data,isPaused:a}):P(t)?t({closeToast:o.closeToast,toastProps:o,data:o.data,isPaused:a}):t}function _t({closeToast:t,theme:o,ariaLabel:a="close"}){return _.createElement("button",{className:`Toastify__close-button Toastify__close-button--${o}`,type:"button",onClick:e=>{e.stopPropagation(),t(!0)},"aria-label":a},_.createElement("svg",{"aria-hidden":"true",viewBox:"0 0 14 16"},_.createElement("path",{fillRule:"evenodd",d:"M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"})))}function gt({delay:t,isRunning:o,closeToast:a,type:e="default",hide:n,className:i,controlledProgress:r,progress:u,rtl:c,isIn:y,theme:g}){let x=n||r&&u===0,E={animationDuration:`${t}ms`,animationPlayState:o?"running":"paused"};r&&(E.transform=`scaleX(${u})`);let w=A("Toastify__progress-bar",r?"Toastify__progress-bar--controlled":"Toastify__progress-bar--animated",`Toastify__progress-bar-theme--${g}`,`Toastify__progress-bar--${e}`,{"Toastify__progress-bar--rtl":c}),C=P(i)?i({rtl:c,type:e,defaultClassName:w}):A(w,i),v={[r&&u>=1?"onTransitionEnd":"onAnimationEnd"]:r&&u<1?null:()=>{y&&a()}};return _.createElement("div",{className:"Toastify__progress-bar--wrp","data-hidden":x},_.createElement("div",{className:`Toastify__progress-bar--bg Toastify__progress-bar-theme--${g} Toastify__progress-bar--${e}`}),_.createElement("div",{role:"progressbar","aria-hidden":x?"true":"false","aria-label":"notification timer","aria-valuenow":r?Math.round(u*100):void 0,"aria-valuemin":0,"aria-valuemax":100,className:C,style:E,...v}))}let bt=1;const st=()=>`${bt++}`;function vt(t,o,a){let e=1,n=0,i=[],r=[],u=o,c=new Map,y=new Set,g=s=>(y.add(s),()=>y.delete(s)),x=()=>{r=Array.from(c.values()),y.forEach(s=>s())},E=({containerId:s,toastId:l,updateId:d})=>{let k=s?s!==t:t!==1,I=c.has(l)&&d==null;return k||I},w=(s,l)=>{c.forEach(d=>{var k;l!=null&&l!==d.props.toastId||(k=d.toggle)==null||k.call(d,s)})},C=s=>{var l,d;s.isActive&&((l=s.props)==null||(d=l.onClose)==null||d.call(l,s.removalReason),s.isActive=!1,a(J(s,"removed")))},v=s=>{if(s==null)c.forEach(C);else{let l=c.get(s);l&&C(l)}x()},p=()=>{n-=i.length,i=[]},m=s=>{var l,d;let{toastId:k,updateId:I}=s.props,f=I==null;s.staleId&&c.delete(s.staleId),s.isActive=!0,c.set(k,s),x(),a(J(s,f?"added":"updated")),f&&((l=(d=s.props).onOpen)==null||l.call(d))};return{id:t,props:u,observe:g,toggle:w,removeToast:v,toasts:c,clearQueue:p,buildToast:(s,l)=>{if(E(l))return;let{toastId:d,updateId:k,data:I,staleId:f,delay:T}=l,O=k==null;O&&n++;let R={...u,style:u.toastStyle,key:e++,...Object.fromEntries(Object.entries(l).filter(([S,$])=>$!=null)),toastId:d,updateId:k,data:I,isIn:!1,className:K(l.className||u.toastClassName),progressClassName:K(l.progressClassName||u.progressClassName),autoClose:!l.isLoading&&yt(l.autoClose,u.autoClose),closeToast(S){let $=c.get(d);$&&($.removalReason=S,v(d))},deleteToast(){c.get(d)!=null&&(c.delete(d),n--,n<0&&(n=0),i.length>0?m(i.shift()):x())}};R.closeButton=u.closeButton,l.closeButton===!1||V(l.closeButton)?R.closeButton=l.closeButton:l.closeButton===!0&&(R.closeButton=!V(u.closeButton)||u.closeButton);let z={content:s,props:R,staleId:f};u.limit&&u.limit>0&&n>u.limit&&O?i.push(z):M(T)?setTimeout(()=>{m(z)},T):m(z)},setProps(s){u=s},setToggle:(s,l)=>{let d=c.get(s);d&&(d.toggle=l)},isToastActive:s=>{var l;return(l=c.get(s))==null?void 0:l.isActive},getSnapshot:()=>r}}const L=new Map;let D=[];const Y=new Set,ht=t=>Y.forEach(o=>o(t)),rt=()=>L.size>0;function Tt(){D.forEach(t=>it(t.content,t.options)),D=[]}const xt=(t,{containerId:o})=>{var a;return(a=L.get(o||1))==null?void 0:a.toasts.get(t)};function nt(t,o){var a;if(o)return!!((a=L.get(o))!=null&&a.isToastActive(t));let e=!1;return L.forEach(n=>{n.isToastActive(t)&&(e=!0)}),e}function kt(t){if(!rt())D=D.filter(o=>t!=null&&o.options.toastId!==t);else if(t==null||ut(t))L.forEach(o=>{o.removeToast(t)});else if(t&&("containerId"in t||"id"in t)){let o=L.get(t.containerId);o?o.removeToast(t.id):L.forEach(a=>{a.removeToast(t.id)})}}const wt=(t={})=>{L.forEach(o=>{o.props.limit&&(!t.containerId||o.id===t.containerId)&&o.clearQueue()})};function it(t,o){V(t)&&(rt()||D.push({content:t,options:o}),L.forEach(a=>{a.buildToast(t,o)}))}function Et(t){var o;(o=L.get(t.containerId||1))==null||o.setToggle(t.id,t.fn)}function Z(t,o){L.forEach(a=>{o!=null&&o!=null&&o.containerId&&o?.containerId!==a.id||a.toggle(t,o?.id)})}function It(t){let o=t.containerId||1;return{subscribe(a){let e=vt(o,t,ht);L.set(o,e);let n=e.observe(a);return Tt(),()=>{n(),L.delete(o)}},setProps(a){var e;(e=L.get(o))==null||e.setProps(a)},getSnapshot(){var a;return(a=L.get(o))==null?void 0:a.getSnapshot()}}}function Lt(t){return Y.add(t),()=>{Y.delete(t)}}function Ct(t){return t&&(N(t.toastId)||M(t.toastId))?t.toastId:st()}function B(t,o){return it(t,o),o.toastId}function U(t,o){return{...o,type:o&&o.type||t,toastId:Ct(o)}}function X(t){return(o,a)=>B(o,U(t,a))}function b(t,o){return B(t,U("default",o))}b.loading=(t,o)=>B(t,U("default",{isLoading:!0,autoClose:!1,closeOnClick:!1,closeButton:!1,draggable:!1,...o}));function Ot(t,{pending:o,error:a,success:e},n){let i;o&&(i=N(o)?b.loading(o,n):b.loading(o.render,{...n,...o}));let r={isLoading:null,autoClose:null,closeOnClick:null,closeButton:null,draggable:null},u=(y,g,x)=>{if(g==null){b.dismiss(i);return}let E={type:y,...r,...n,data:x},w=N(g)?{render:g}:g;return i?b.update(i,{...E,...w}):b(w.render,{...E,...w}),x},c=P(t)?t():t;return c.then(y=>u("success",e,y)).catch(y=>u("error",a,y)),c}b.promise=Ot,b.success=X("success"),b.info=X("info"),b.error=X("error"),b.warning=X("warning"),b.warn=b.warning,b.dark=(t,o)=>B(t,U("default",{theme:"dark",...o}));function zt(t){kt(t)}b.dismiss=zt,b.clearWaitingQueue=wt,b.isActive=nt,b.update=(t,o={})=>{let a=xt(t,o);if(a){let{props:e,content:n}=a,i={delay:100,...e,...o,toastId:o.toastId||t,updateId:st()};i.toastId!==t&&(i.staleId=t);let r=i.render||n;delete i.render,B(r,i)}},b.done=t=>{b.update(t,{progress:1})},b.onChange=Lt,b.play=t=>Z(!0,t),b.pause=t=>Z(!1,t);function Pt(t){var o;let{subscribe:a,getSnapshot:e,setProps:n}=h.useRef(It(t)).current;n(t);let i=(o=h.useSyncExternalStore(a,e,e))==null?void 0:o.slice();function r(u){if(!i)return[];let c=new Map;return t.newestOnTop&&i.reverse(),i.forEach(y=>{let{position:g}=y.props;c.has(g)||c.set(g,[]),c.get(g).push(y)}),Array.from(c,y=>u(y[0],y[1]))}return{getToastToRender:r,isToastActive:nt,count:i?.length}}function Rt(t){let[o,a]=h.useState(!1),[e,n]=h.useState(!1),i=h.useRef(null),r=h.useRef({start:0,delta:0,removalDistance:0,canCloseOnClick:!0,canDrag:!1,didMove:!1}).current,{autoClose:u,pauseOnHover:c,closeToast:y,onClick:g,closeOnClick:x}=t;Et({id:t.toastId,containerId:t.containerId,fn:a}),h.useEffect(()=>{if(t.pauseOnFocusLoss)return E(),()=>{w()}},[t.pauseOnFocusLoss]);function E(){document.hasFocus()||m(),window.addEventListener("focus",p),window.addEventListener("blur",m)}function w(){window.removeEventListener("focus",p),window.removeEventListener("blur",m)}function C(f){if(t.draggable===!0||t.draggable===f.pointerType){s();let T=i.current;r.canCloseOnClick=!0,r.canDrag=!0,T.style.transition="none",t.draggableDirection==="x"?(r.start=f.clientX,r.removalDistance=T.offsetWidth*(t.draggablePercent/100)):(r.start=f.clientY,r.removalDistance=T.offsetHeight*(t.draggablePercent===80?t.draggablePercent*1.5:t.draggablePercent)/100)}}function v(f){let{top:T,bottom:O,left:R,right:z}=i.current.getBoundingClientRect();f.pointerType==="mouse"&&t.pauseOnHover&&f.clientX>=R&&f.clientX<=z&&f.clientY>=T&&f.clientY<=O?m():p()}function p(){a(!0)}function m(){a(!1)}function s(){r.didMove=!1,document.addEventListener("pointermove",d),document.addEventListener("pointerup",k)}function l(){document.removeEventListener("pointermove",d),document.removeEventListener("pointerup",k)}function d(f){let T=i.current;if(r.canDrag&&T){r.didMove=!0,o&&m(),t.draggableDirection==="x"?r.delta=f.clientX-r.start:r.delta=f.clientY-r.start,r.start!==f.clientX&&(r.canCloseOnClick=!1);let O=t.draggableDirection==="x"?`${r.delta}px, var(--y)`:`0, calc(${r.delta}px + var(--y))`;T.style.transform=`translate3d(${O},0)`,T.style.opacity=`${1-Math.abs(r.delta/r.removalDistance)}`}}function k(){l();let f=i.current;if(r.canDrag&&r.didMove&&f){if(r.canDrag=!1,Math.abs(r.delta)>r.removalDistance){n(!0),t.closeToast(!0),t.collapseAll();return}f.style.transition="transform 0.2s, opacity 0.2s",f.style.removeProperty("transform"),f.style.removeProperty("opacity")}}let I={onPointerDown:C,onPointerUp:v};return u&&c&&(I.onMouseEnter=m,t.stacked||(I.onMouseLeave=p)),x&&(I.onClick=f=>{g&&g(f),r.canCloseOnClick&&y(!0)}),{playToast:p,pauseToast:m,isRunning:o,preventExitTransition:e,toastRef:i,eventHandlers:I}}const lt=typeof window<"u"?h.useLayoutEffect:h.useEffect,j=({theme:t,type:o,isLoading:a,...e})=>_.createElement("svg",{viewBox:"0 0 24 24",width:"100%",height:"100%",fill:t==="colored"?"currentColor":`var(--toastify-icon-color-${o})`,...e});function $t(t){return _.createElement(j,t,_.createElement("path",{d:"M23.32 17.191L15.438 2.184C14.728.833 13.416 0 11.996 0c-1.42 0-2.733.833-3.443 2.184L.533 17.448a4.744 4.744 0 000 4.368C1.243 23.167 2.555 24 3.975 24h16.05C22.22 24 24 22.044 24 19.632c0-.904-.251-1.746-.68-2.44zm-9.622 1.46c0 1.033-.724 1.823-1.698 1.823s-1.698-.79-1.698-1.822v-.043c0-1.028.724-1.822 1.698-1.822s1.698.79 1.698 1.822v.043zm.039-12.285l-.84 8.06c-.057.581-.408.943-.897.943-.49 0-.84-.367-.896-.942l-.84-8.065c-.057-.624.25-1.095.779-1.095h1.91c.528.005.84.476.784 1.1z"}))}function At(t){return _.createElement(j,t,_.createElement("path",{d:"M12 0a12 12 0 1012 12A12.013 12.013 0 0012 0zm.25 5a1.5 1.5 0 11-1.5 1.5 1.5 1.5 0 011.5-1.5zm2.25 13.5h-4a1 1 0 010-2h.75a.25.25 0 00.25-.25v-4.5a.25.25 0 00-.25-.25h-.75a1 1 0 010-2h1a2 2 0 012 2v4.75a.25.25 0 00.25.25h.75a1 1 0 110 2z"}))}function Nt(t){return _.createElement(j,t,_.createElement("path",{d:"M12 0a12 12 0 1012 12A12.014 12.014 0 0012 0zm6.927 8.2l-6.845 9.289a1.011 1.011 0 01-1.43.188l-4.888-3.908a1 1 0 111.25-1.562l4.076 3.261 6.227-8.451a1 1 0 111.61 1.183z"}))}function Dt(t){return _.createElement(j,t,_.createElement("path",{d:"M11.983 0a12.206 12.206 0 00-8.51 3.653A11.8 11.8 0 000 12.207 11.779 11.779 0 0011.8 24h.214A12.111 12.111 0 0024 11.791 11.766 11.766 0 0011.983 0zM10.5 16.542a1.476 1.476 0 011.449-1.53h.027a1.527 1.527 0 011.523 1.47 1.475 1.475 0 01-1.449 1.53h-.027a1.529 1.529 0 01-1.523-1.47zM11 12.5v-6a1 1 0 012 0v6a1 1 0 11-2 0z"}))}function Mt(){return _.createElement("div",{className:"Toastify__spinner"})}const q={info:At,warning:$t,success:Nt,error:Dt,spinner:Mt},Bt=t=>t in q;function St({theme:t,type:o,isLoading:a,icon:e}){let n=null,i={theme:t,type:o};return e===!1||(P(e)?n=e({...i,isLoading:a}):h.isValidElement(e)?n=h.cloneElement(e,i):a?n=q.spinner():Bt(o)&&(n=q[o](i))),n}const Xt=(t,o=!1)=>({enter:`Toastify--animate Toastify__${t}-enter`,exit:`Toastify--animate Toastify__${t}-exit`,appendPosition:o}),Ht=({children:t,isIn:o,done:a,playToast:e})=>(h.useLayoutEffect(()=>{e()},[]),h.useEffect(()=>{o||a()},[o]),_.createElement(_.Fragment,null,t)),Ut=pt(Xt("bounce",!0)),jt=t=>{let{isRunning:o,preventExitTransition:a,toastRef:e,eventHandlers:n,playToast:i}=Rt(t),{closeButton:r,children:u,autoClose:c,onClick:y,type:g,hideProgressBar:x,closeToast:E,transition:w,position:C,className:v,style:p,progressClassName:m,updateId:s,role:l,progress:d,rtl:k,toastId:I,deleteToast:f,isIn:T,isLoading:O,closeOnClick:R,theme:z,ariaLabel:S}=t,$=A("Toastify__toast",`Toastify__toast-theme--${z}`,`Toastify__toast--${g}`,{"Toastify__toast--rtl":k},{"Toastify__toast--close-on-click":R}),ft=P(v)?v({rtl:k,position:C,type:g,defaultClassName:$}):A($,v),Q=St(t),ct=w||Ht,W=!!d||!c,F={closeToast:E,type:g,theme:z},G=null;return r===!1||(G=P(r)?r(F):h.isValidElement(r)?h.cloneElement(r,F):_t(F)),_.createElement(ct,{isIn:T,done:f,position:C,preventExitTransition:a,nodeRef:e,playToast:i},_.createElement("div",{id:I,tabIndex:0,onClick:y,"data-in":T,className:ft,...n,style:p,ref:e,...T&&{role:l,"aria-label":S}},Q!=null&&_.createElement("div",{className:A("Toastify__toast-icon",{"Toastify--animate-icon Toastify__zoom-enter":!O})},Q),et(u,t,!o),G,!t.customProgressBar&&_.createElement(gt,{...s&&!W?{key:`p-${s}`}:{},rtl:k,theme:z,delay:c,isRunning:o,isIn:T,closeToast:E,hide:x,type:g,className:m,controlledProgress:W,progress:d||0})))},Ft={position:"top-right",transition:Ut,autoClose:5e3,closeButton:!0,pauseOnHover:!0,pauseOnFocusLoss:!0,draggable:"touch",draggablePercent:80,draggableDirection:"x",role:"alert",theme:"light","aria-label":"Notifications Alt+T",hotKeys:t=>t.altKey&&t.code==="KeyT"};function Kt(t){let o={...Ft,...t},a=t.stacked,[e,n]=h.useState(!0),i=h.useRef(null),{getToastToRender:r,isToastActive:u,count:c}=Pt(o),{className:y,style:g,rtl:x,containerId:E,hotKeys:w}=o;function C(p){let m=A("Toastify__toast-container",`Toastify__toast-container--${p}`,{"Toastify__toast-container--rtl":x});return P(y)?y({position:p,rtl:x,defaultClassName:m}):A(m,K(y))}function v(){a&&(n(!0),b.play())}return lt(()=>{if(a){var p;let m=i.current.querySelectorAll('[data-in="true"]'),s=(p=o.position)==null?void 0:p.includes("top"),l=0,d=0;Array.from(m).reverse().forEach((k,I)=>{let f=k;f.classList.add("Toastify__toast--stacked"),I>0&&(f.dataset.collapsed=`${e}`),f.dataset.pos||(f.dataset.pos=s?"top":"bot");let T=l*(e?.2:1)+(e?0:12*I),O=Math.max(.5,1-(e?d:0));f.style.setProperty("--y",`${s?T:T*-1}px`),f.style.setProperty("--g","12"),f.style.setProperty("--s",`${O}`),l+=f.offsetHeight,d+=.025})}},[e,c,a]),h.useEffect(()=>{function p(m){let s=i.current;if(w(m)){var l;s==null||(l=s.querySelector('[tabIndex="0"]'))==null||l.focus(),n(!1),b.pause()}m.key==="Escape"&&(document.activeElement===s||s!=null&&s.contains(document.activeElement))&&(n(!0),b.play())}return document.addEventListener("keydown",p),()=>{document.removeEventListener("keydown",p)}},[w]),_.createElement("section",{ref:i,className:"Toastify",id:E,onMouseEnter:()=>{a&&(n(!1),b.pause())},onMouseLeave:v,"aria-live":"polite","aria-atomic":"false","aria-relevant":"additions text","aria-label":o["aria-label"]},r((p,m)=>{let s=m.length?{...g}:{...g,pointerEvents:"none"};return _.createElement("div",{tabIndex:-1,className:C(p),"data-stacked":a,style:s,key:`c-${p}`},m.map(({content:l,props:d})=>_.createElement(jt,{...d,stacked:a,collapseAll:v,isIn:u(d.toastId,d.containerId),key:`t-${d.key}`},l)))}))}var Vt=`:root {
  --toastify-color-light: #fff;
  --toastify-color-dark: #121212;
  --toastify-color-info: #3498db;
  --toastify-color-success: #07bc0c;
  --toastify-color-warning: #f1c40f;
  --toastify-color-error: hsl(6, 78%, 57%);
  --toastify-color-transparent: rgba(255, 255, 255, 0.7);

  --toastify-icon-color-info: var(--toastify-color-info);
  --toastify-icon-color-success: var(--toastify-color-success);
  --toastify-icon-color-warning: var(--toastify-color-warning);
  --toastify-icon-color-error: var(--toastify-color-error);

  --toastify-container-width: fit-content;
  --toastify-toast-width: 320px;
  --toastify-toast-offset: 16px;
  --toastify-toast-top: max(var(--toastify-toast-offset), env(safe-area-inset-top));
  --toastify-toast-right: max(var(--toastify-toast-offset), env(safe-area-inset-right));
  --toastify-toast-left: max(var(--toastify-toast-offset), env(safe-area-inset-left));
  --toastify-toast-bottom: max(var(--toastify-toast-offset), env(safe-area-inset-bottom));
  --toastify-toast-background: #fff;
  --toastify-toast-padding: 14px;
  --toastify-toast-min-height: 64px;
  --toastify-toast-max-height: 800px;
  --toastify-toast-bd-radius: 6px;
  --toastify-toast-shadow: 0px 4px 12px rgba(0, 0, 0, 0.1);
  --toastify-font-family: sans-serif;
  --toastify-z-index: 9999;
  --toastify-text-color-light: #757575;
  --toastify-text-color-dark: #fff;

  /* Used only for colored theme */
  --toastify-text-color-info: #fff;
  --toastify-text-color-success: #fff;
  --toastify-text-color-warning: #fff;
  --toastify-text-color-error: #fff;

  --toastify-spinner-color: #616161;
  --toastify-spinner-color-empty-area: #e0e0e0;
  --toastify-color-progress-light: linear-gradient(to right, #4cd964, #5ac8fa, #007aff, #34aadc, #5856d6, #ff2d55);
  --toastify-color-progress-dark: #bb86fc;
  --toastify-color-progress-info: var(--toastify-color-info);
  --toastify-color-progress-success: var(--toastify-color-success);
  --toastify-color-progress-warning: var(--toastify-color-warning);
  --toastify-color-progress-error: var(--toastify-color-error);
  /* used to control the opacity of the progress trail */
  --toastify-color-progress-bgo: 0.2;
}

.Toastify__toast-container {
  z-index: var(--toastify-z-index);
  -webkit-transform: translate3d(0, 0, var(--toastify-z-index));
  position: fixed;
  width: var(--toastify-container-width);
  box-sizing: border-box;
  color: #fff;
  display: flex;
  flex-direction: column;
}

.Toastify__toast-container--top-left {
  top: var(--toastify-toast-top);
  left: var(--toastify-toast-left);
}
.Toastify__toast-container--top-center {
  top: var(--toastify-toast-top);
  left: 50%;
  transform: translateX(-50%);
  align-items: center;
}
.Toastify__toast-container--top-right {
  top: var(--toastify-toast-top);
  right: var(--toastify-toast-right);
  align-items: end;
}
.Toastify__toast-container--bottom-left {
  bottom: var(--toastify-toast-bottom);
  left: var(--toastify-toast-left);
}
.Toastify__toast-container--bottom-center {
  bottom: var(--toastify-toast-bottom);
  left: 50%;
  transform: translateX(-50%);
  align-items: center;
}
.Toastify__toast-container--bottom-right {
  bottom: var(--toastify-toast-bottom);
  right: var(--toastify-toast-right);
  align-items: end;
}

.Toastify__toast {
  --y: 0px;
  position: relative;
  touch-action: none;
  width: var(--toastify-toast-width);
  min-height: var(--toastify-toast-min-height);
  box-sizing: border-box;
  margin-bottom: 1rem;
  padding: var(--toastify-toast-padding);
  border-radius: var(--toastify-toast-bd-radius);
  box-shadow: var(--toastify-toast-shadow);
  max-height: var(--toastify-toast-max-height);
  font-family: var(--toastify-font-family);
  /* webkit only issue #791 */
  z-index: 0;
  /* inner swag */
  display: flex;
  flex: 1 auto;
  align-items: center;
  word-break: break-word;
}

@media only screen and (max-width: 480px) {
  .Toastify__toast-container {
    width: 100vw;
    left: env(safe-area-inset-left);
    margin: 0;
  }
  .Toastify__toast-container--top-left,
  .Toastify__toast-container--top-center,
  .Toastify__toast-container--top-right {
    top: env(safe-area-inset-top);
    transform: translateX(0);
  }
  .Toastify__toast-container--bottom-left,
  .Toastify__toast-container--bottom-center,
  .Toastify__toast-container--bottom-right {
    bottom: env(safe-area-inset-bottom);
    transform: translateX(0);
  }
  .Toastify__toast-container--rtl {
    right: env(safe-area-inset-right);
    left: initial;
  }
  .Toastify__toast {
    --toastify-toast-width: 100%;
    margin-bottom: 0;
    border-radius: 0;
  }
}

.Toastify__toast-container[data-stacked='true'] {
  width: var(--toastify-toast-width);
}

@media only screen and (max-width: 480px) {
  .Toastify__toast-container[data-stacked='true'] {
    width: 100vw;
  }
}

.Toastify__toast--stacked {
  position: absolute;
  width: 100%;
  transform: translate3d(0, var(--y), 0) scale(var(--s));
  transition: transform 0.3s;
}

.Toastify__toast--stacked[data-collapsed] .Toastify__toast-body,
.Toastify__toast--stacked[data-collapsed] .Toastify__close-button {
  transition: opacity 0.1s;
}

.Toastify__toast--stacked[data-collapsed='false'] {
  overflow: visible;
}

.Toastify__toast--stacked[data-collapsed='true']:not(:last-child) > * {
  opacity: 0;
}

.Toastify__toast--stacked:after {
  content: '';
  position: absolute;
  left: 0;
  right: 0;
  height: calc(var(--g) * 1px);
  bottom: 100%;
}

.Toastify__toast--stacked[data-pos='top'] {
  top: 0;
}

.Toastify__toast--stacked[data-pos='bot'] {
  bottom: 0;
}

.Toastify__toast--stacked[data-pos='bot'].Toastify__toast--stacked:before {
  transform-origin: top;
}

.Toastify__toast--stacked[data-pos='top'].Toastify__toast--stacked:before {
  transform-origin: bottom;
}

.Toastify__toast--stacked:before {
  content: '';
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 100%;
  transform: scaleY(3);
  z-index: -1;
}

.Toastify__toast--rtl {
  direction: rtl;
}

.Toastify__toast--close-on-click {
  cursor: pointer;
}

.Toastify__toast-icon {
  margin-inline-end: 10px;
  width: 22px;
  flex-shrink: 0;
  display: flex;
}

.Toastify--animate {
  animation-fill-mode: both;
  animation-duration: 0.5s;
}

.Toastify--animate-icon {
  animation-fill-mode: both;
  animation-duration: 0.3s;
}

.Toastify__toast-theme--dark {
  background: var(--toastify-color-dark);
  color: var(--toastify-text-color-dark);
}

.Toastify__toast-theme--light {
  background: var(--toastify-color-light);
  color: var(--toastify-text-color-light);
}

.Toastify__toast-theme--auto {
  background: var(--toastify-color-light);
  color: var(--toastify-text-color-light);
}

.Toastify__toast-theme--colored.Toastify__toast--default {
  background: var(--toastify-color-light);
  color: var(--toastify-text-color-light);
}

.Toastify__toast-theme--colored.Toastify__toast--info {
  color: var(--toastify-text-color-info);
  background: var(--toastify-color-info);
}

.Toastify__toast-theme--colored.Toastify__toast--success {
  color: var(--toastify-text-color-success);
  background: var(--toastify-color-success);
}

.Toastify__toast-theme--colored.Toastify__toast--warning {
  color: var(--toastify-text-color-warning);
  background: var(--toastify-color-warning);
}

.Toastify__toast-theme--colored.Toastify__toast--error {
  color: var(--toastify-text-color-error);
  background: var(--toastify-color-error);
}

.Toastify__progress-bar-theme--light {
  background: var(--toastify-color-progress-light);
}

.Toastify__progress-bar-theme--dark {
  background: var(--toastify-color-progress-dark);
}

.Toastify__progress-bar-theme--auto {
  background: var(--toastify-color-progress-light);
}

.Toastify__progress-bar--info {
  background: var(--toastify-color-progress-info);
}

.Toastify__progress-bar--success {
  background: var(--toastify-color-progress-success);
}

.Toastify__progress-bar--warning {
  background: var(--toastify-color-progress-warning);
}

.Toastify__progress-bar--error {
  background: var(--toastify-color-progress-error);
}

.Toastify__progress-bar-theme--colored.Toastify__progress-bar--info,
.Toastify__progress-bar-theme--colored.Toastify__progress-bar--success,
.Toastify__progress-bar-theme--colored.Toastify__progress-bar--warning,
.Toastify__progress-bar-theme--colored.Toastify__progress-bar--error {
  background: var(--toastify-color-transparent);
}

.Toastify__close-button {
  color: #fff;
  position: absolute;
  top: 6px;
  right: 6px;
  background: transparent;
  outline: none;
  border: none;
  padding: 0;
  cursor: pointer;
  opacity: 0.7;
  transition: 0.3s ease;
  z-index: 1;
}

.Toastify__toast--rtl .Toastify__close-button {
  left: 6px;
  right: unset;
}

.Toastify__close-button--light {
  color: #000;
  opacity: 0.3;
}

.Toastify__close-button--auto {
  color: #000;
  opacity: 0.3;
}

@media (prefers-color-scheme: dark) {
  .Toastify__toast-theme--auto {
    background: var(--toastify-color-dark);
    color: var(--toastify-text-color-dark);
  }

  .Toastify__progress-bar-theme--auto {
    background: var(--toastify-color-progress-dark);
  }

  .Toastify__close-button--auto {
    color: #fff;
    opacity: 0.7;
  }
}

.Toastify__close-button > svg {
  fill: currentColor;
  height: 16px;
  width: 14px;
}

.Toastify__close-button:hover,
.Toastify__close-button:focus {
  opacity: 1;
}

@keyframes Toastify__trackProgress {
  0% {
    transform: scaleX(1);
  }
  100% {
    transform: scaleX(0);
  }
}

.Toastify__progress-bar {
  position: absolute;
  bottom: 0;
  left: 0;
  width: 100%;
  height: 100%;
  z-index: 1;
  opacity: 0.7;
  transform-origin: left;
}

.Toastify__progress-bar--animated {
  animation: Toastify__trackProgress linear 1 forwards;
}

.Toastify__progress-bar--controlled {
  transition: transform 0.2s;
}

.Toastify__progress-bar--rtl {
  right: 0;
  left: initial;
  transform-origin: right;
  border-bottom-left-radius: initial;
}

.Toastify__progress-bar--wrp {
  position: absolute;
  overflow: hidden;
  bottom: 0;
  left: 0;
  width: 100%;
  height: 5px;
  border-bottom-left-radius: var(--toastify-toast-bd-radius);
  border-bottom-right-radius: var(--toastify-toast-bd-radius);
}

.Toastify__progress-bar--wrp[data-hidden='true'] {
  opacity: 0;
}

.Toastify__progress-bar--bg {
  opacity: var(--toastify-color-progress-bgo);
  width: 100%;
  height: 100%;
}

.Toastify__spinner {
  width: 20px;
  height: 20px;
  box-sizing: border-box;
  border: 2px solid;
  border-radius: 100%;
  border-color: var(--toastify-spinner-color-empty-area);
  border-right-color: var(--toastify-spinner-color);
  animation: Toastify__spin 0.65s linear infinite;
}

@keyframes Toastify__bounceInRight {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  from {
    opacity: 0;
    transform: translate3d(3000px, 0, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(-25px, 0, 0);
  }
  75% {
    transform: translate3d(10px, 0, 0);
  }
  90% {
    transform: translate3d(-5px, 0, 0);
  }
  to {
    transform: none;
  }
}

@keyframes Toastify__bounceOutRight {
  20% {
    opacity: 1;
    transform: translate3d(-20px, var(--y), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(2000px, var(--y), 0);
  }
}

@keyframes Toastify__bounceInLeft {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  0% {
    opacity: 0;
    transform: translate3d(-3000px, 0, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(25px, 0, 0);
  }
  75% {
    transform: translate3d(-10px, 0, 0);
  }
  90% {
    transform: translate3d(5px, 0, 0);
  }
  to {
    transform: none;
  }
}

@keyframes Toastify__bounceOutLeft {
  20% {
    opacity: 1;
    transform: translate3d(20px, var(--y), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(-2000px, var(--y), 0);
  }
}

@keyframes Toastify__bounceInUp {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  from {
    opacity: 0;
    transform: translate3d(0, 3000px, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(0, -20px, 0);
  }
  75% {
    transform: translate3d(0, 10px, 0);
  }
  90% {
    transform: translate3d(0, -5px, 0);
  }
  to {
    transform: translate3d(0, 0, 0);
  }
}

@keyframes Toastify__bounceOutUp {
  20% {
    transform: translate3d(0, calc(var(--y) - 10px), 0);
  }
  40%,
  45% {
    opacity: 1;
    transform: translate3d(0, calc(var(--y) + 20px), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(0, -2000px, 0);
  }
}

@keyframes Toastify__bounceInDown {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  0% {
    opacity: 0;
    transform: translate3d(0, -3000px, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(0, 25px, 0);
  }
  75% {
    transform: translate3d(0, -10px, 0);
  }
  90% {
    transform: translate3d(0, 5px, 0);
  }
  to {
    transform: none;
  }
}

@keyframes Toastify__bounceOutDown {
  20% {
    transform: translate3d(0, calc(var(--y) - 10px), 0);
  }
  40%,
  45% {
    opacity: 1;
    transform: translate3d(0, calc(var(--y) + 20px), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(0, 2000px, 0);
  }
}

.Toastify__bounce-enter--top-left,
.Toastify__bounce-enter--bottom-left {
  animation-name: Toastify__bounceInLeft;
}

.Toastify__bounce-enter--top-right,
.Toastify__bounce-enter--bottom-right {
  animation-name: Toastify__bounceInRight;
}

.Toastify__bounce-enter--top-center {
  animation-name: Toastify__bounceInDown;
}

.Toastify__bounce-enter--bottom-center {
  animation-name: Toastify__bounceInUp;
}

.Toastify__bounce-exit--top-left,
.Toastify__bounce-exit--bottom-left {
  animation-name: Toastify__bounceOutLeft;
}

.Toastify__bounce-exit--top-right,
.Toastify__bounce-exit--bottom-right {
  animation-name: Toastify__bounceOutRight;
}

.Toastify__bounce-exit--top-center {
  animation-name: Toastify__bounceOutUp;
}

.Toastify__bounce-exit--bottom-center {
  animation-name: Toastify__bounceOutDown;
}

@keyframes Toastify__zoomIn {
  from {
    opacity: 0;
    transform: scale3d(0.3, 0.3, 0.3);
  }
  50% {
    opacity: 1;
  }
}

@keyframes Toastify__zoomOut {
  from {
    opacity: 1;
  }
  50% {
    opacity: 0;
    transform: translate3d(0, var(--y), 0) scale3d(0.3, 0.3, 0.3);
  }
  to {
    opacity: 0;
  }
}

.Toastify__zoom-enter {
  animation-name: Toastify__zoomIn;
}

.Toastify__zoom-exit {
  animation-name: Toastify__zoomOut;
}

@keyframes Toastify__flipIn {
  from {
    transform: perspective(400px) rotate3d(1, 0, 0, 90deg);
    animation-timing-function: ease-in;
    opacity: 0;
  }
  40% {
    transform: perspective(400px) rotate3d(1, 0, 0, -20deg);
    animation-timing-function: ease-in;
  }
  60% {
    transform: perspective(400px) rotate3d(1, 0, 0, 10deg);
    opacity: 1;
  }
  80% {
    transform: perspective(400px) rotate3d(1, 0, 0, -5deg);
  }
  to {
    transform: perspective(400px);
  }
}

@keyframes Toastify__flipOut {
  from {
    transform: translate3d(0, var(--y), 0) perspective(400px);
  }
  30% {
    transform: translate3d(0, var(--y), 0) perspective(400px) rotate3d(1, 0, 0, -20deg);
    opacity: 1;
  }
  to {
    transform: translate3d(0, var(--y), 0) perspective(400px) rotate3d(1, 0, 0, 90deg);
    opacity: 0;
  }
}

.Toastify__flip-enter {
  animation-name: Toastify__flipIn;
}

.Toastify__flip-exit {
  animation-name: Toastify__flipOut;
}

@keyframes Toastify__slideInRight {
  from {
    transform: translate3d(110%, 0, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideInLeft {
  from {
    transform: translate3d(-110%, 0, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideInUp {
  from {
    transform: translate3d(0, 110%, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideInDown {
  from {
    transform: translate3d(0, -110%, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideOutRight {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(110%, var(--y), 0);
  }
}

@keyframes Toastify__slideOutLeft {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(-110%, var(--y), 0);
  }
}

@keyframes Toastify__slideOutDown {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(0, 500px, 0);
  }
}

@keyframes Toastify__slideOutUp {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(0, -500px, 0);
  }
}

.Toastify__slide-enter--top-left,
.Toastify__slide-enter--bottom-left {
  animation-name: Toastify__slideInLeft;
}

.Toastify__slide-enter--top-right,
.Toastify__slide-enter--bottom-right {
  animation-name: Toastify__slideInRight;
}

.Toastify__slide-enter--top-center {
  animation-name: Toastify__slideInDown;
}

.Toastify__slide-enter--bottom-center {
  animation-name: Toastify__slideInUp;
}

.Toastify__slide-exit--top-left,
.Toastify__slide-exit--bottom-left {
  animation-name: Toastify__slideOutLeft;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

.Toastify__slide-exit--top-right,
.Toastify__slide-exit--bottom-right {
  animation-name: Toastify__slideOutRight;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

.Toastify__slide-exit--top-center {
  animation-name: Toastify__slideOutUp;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

.Toastify__slide-exit--bottom-center {
  animation-name: Toastify__slideOutDown;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

@keyframes Toastify__spin {
  from {
    transform: rotate(0deg);
  }
  to {
    transform: rotate(360deg);
  }
}
`;const tt=new Map,Yt=(t,o,a=!1)=>{lt(()=>{if(typeof document>"u")return;let e=document,n=tt.get(e);if(n){o&&n.setAttribute("nonce",o);return}let i=e.createElement("style");i.textContent=t,o&&i.setAttribute("nonce",o),a?e.head.appendChild(i):e.head.prepend(i),tt.set(e,i)},[o])};function qt(t){return Yt(Vt,t.nonce,t.appendStyleSheet),_.createElement(Kt,t)}function Qt({closeToast:t}){const{t:o}=ot();return H.jsx("button",{type:"button",className:"Toastify__close-button Toastify__close-button--light","aria-label":o("toasts.close"),onClick:t,children:H.jsx("svg",{"aria-hidden":"true",viewBox:"0 0 14 16",width:"14",height:"16",fill:"none",stroke:"currentColor",strokeWidth:"2",children:H.jsx("path",{d:"M2 3l10 10M12 3L2 13"})})})}function Zt(){const{t}=ot(),o=dt();return H.jsx(qt,{"aria-label":t("toasts.label"),closeButton:Qt,position:"top-right",autoClose:5e3,pauseOnHover:!0,pauseOnFocusLoss:!0,draggable:!0,draggablePercent:80,hotKeys:a=>a.altKey&&a.code==="KeyT",limit:20,rtl:o==="ar",newestOnTop:!1})}export{Zt as default,b as toast};
